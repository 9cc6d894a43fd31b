import { BACKUP_ESTIMATE_HEADER, type ImportReport, type ImportStreamLine } from '#shared/schemas/backup.ts'

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

/** Uploads an export (upload progress first), then follows the server's progress lines to the report. */
export function uploadImport(
  form: FormData,
  options: { dryRun: boolean; keepMissingImages: boolean },
  onProgress: (p: Progress) => void,
): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    let seen = 0
    let result: ImportReport | null = null
    let failure: string | null = null
    const readLines = () => {
      const text = xhr.responseText
      const end = text.lastIndexOf('\n')
      if (end < seen) return
      for (const line of text.slice(seen, end).split('\n').filter(Boolean)) {
        const parsed = JSON.parse(line) as ImportStreamLine
        if ('progress' in parsed) {
          const { phase, done, total } = parsed.progress
          onProgress({
            label: `Importing ${phase}: ${done}${total ? ` of ${total}` : ''}`,
            fraction: total ? done / total : null,
          })
        } else if ('report' in parsed) result = parsed.report
        else failure = parsed.error
      }
      seen = end + 1
    }
    xhr.upload.onprogress = (e) =>
      onProgress({
        label: `Uploading ${(e.loaded / 1024 / 1024).toFixed(1)} MB`,
        fraction: e.lengthComputable ? e.loaded / e.total : null,
      })
    xhr.onprogress = readLines
    xhr.onload = () => {
      if (xhr.getResponseHeader('content-type')?.includes('application/x-ndjson')) readLines()
      else
        failure = (JSON.parse(xhr.responseText || '{}') as { error?: string }).error ?? `Import failed (${xhr.status})`
      if (result) resolve(result)
      else reject(new Error(failure ?? 'The import ended without a report'))
    }
    xhr.onerror = () => reject(new Error('The connection was lost during the import'))
    const query = new URLSearchParams()
    if (options.dryRun) query.set('dryRun', '1')
    if (options.keepMissingImages) query.set('keepMissingImages', '1')
    xhr.open('POST', `/api/admin/import${query.size ? `?${query}` : ''}`)
    xhr.setRequestHeader('accept', 'application/x-ndjson')
    xhr.send(form)
  })
}
