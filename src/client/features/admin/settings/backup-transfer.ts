import { BACKUP_ESTIMATE_HEADER, type ImportJob, type ImportReport } from '#shared/schemas/backup.ts'
import { importProgressLabel } from './import-progress.ts'

export type Progress = { label: string; fraction: number | null }

/** Downloads the backup with a progress bar (bytes received of the server's estimate), then saves it as a file. */
export async function downloadBackup(onProgress: (p: Progress) => void): Promise<void> {
  const res = await fetch('/api/admin/backup', { credentials: 'same-origin' })
  if (!res.ok || !res.body)
    throw new Error(
      ((await res.json().catch(() => null)) as { error?: string } | null)?.error ?? `Backup failed (${res.status})`,
    )
  const estimate = Number(res.headers.get(BACKUP_ESTIMATE_HEADER) ?? 0)
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'lab-blog-backup.zip'
  const reader = res.body.getReader()
  const parts: Uint8Array[] = []
  let received = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    parts.push(value)
    received += value.length
    onProgress({
      label: `Downloaded ${(received / 1024 / 1024).toFixed(1)} MB`,
      fraction: estimate > 0 ? Math.min(received / estimate, 0.99) : null,
    })
  }
  const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type: 'application/zip' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: name })
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  onProgress({ label: 'Backup downloaded', fraction: 1 })
}

const POLL_MS = 1000

const errorOf = (text: string, status: number) => {
  try {
    return (JSON.parse(text || '{}') as { error?: string }).error ?? `Import failed (${status})`
  } catch {
    return `Import failed (${status})`
  }
}

/** Sends the files (upload progress), and answers with the id of the import job the server started. */
function sendImport(form: FormData, query: URLSearchParams, onProgress: (p: Progress) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.upload.onprogress = (e) =>
      onProgress({
        label: `Uploading ${(e.loaded / 1024 / 1024).toFixed(1)} MB`,
        fraction: e.lengthComputable ? e.loaded / e.total : null,
      })
    xhr.onload = () => {
      if (xhr.status !== 202) return reject(new Error(errorOf(xhr.responseText, xhr.status)))
      resolve((JSON.parse(xhr.responseText) as { id: string }).id)
    }
    xhr.onerror = () => reject(new Error('The connection was lost during the import'))
    xhr.open('POST', `/api/admin/import${query.size ? `?${query}` : ''}`)
    xhr.send(form)
  })
}

/** Uploads an export (upload progress first), then polls the import job every second until its report. */
export async function uploadImport(
  form: FormData,
  options: { dryRun: boolean; keepMissingImages: boolean },
  onProgress: (p: Progress) => void,
): Promise<ImportReport> {
  const query = new URLSearchParams()
  if (options.dryRun) query.set('dryRun', '1')
  if (options.keepMissingImages) query.set('keepMissingImages', '1')
  const id = await sendImport(form, query, onProgress)
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    let res: Response
    try {
      res = await fetch(`/api/admin/imports/${encodeURIComponent(id)}`, { credentials: 'same-origin' })
    } catch {
      continue // The server may be restarting: the job says so once it answers again.
    }
    if (!res.ok) throw new Error(errorOf(await res.text(), res.status))
    const job = (await res.json()) as ImportJob
    if (job.status === 'done' && job.report) return job.report
    if (job.status === 'failed') throw new Error(job.error ?? 'The import failed')
    if (job.progress && job.status === 'running') {
      const { done, total } = job.progress
      onProgress({ label: importProgressLabel(job.progress), fraction: total ? done / total : null })
    }
  }
}
