import type { InjectOptions } from 'fastify'
import type { ImportJob } from '#shared/schemas/backup.ts'
import type { TestApp } from './test-app.ts'

/** What an import ended with, shaped like the answer it once was: the report (200), or the refusal's status and error. */
export type ImportOutcome = { statusCode: number; body: string; json: () => any; job: ImportJob | null } // eslint-disable-line @typescript-eslint/no-explicit-any

/** Polls an import job until it ends. */
export async function waitForImport(t: Pick<TestApp, 'request'>, id: string, cookie?: string): Promise<ImportJob> {
  const deadline = Date.now() + 120_000
  for (;;) {
    const res = await t.request({ method: 'GET', url: `/api/admin/imports/${id}`, cookie })
    if (res.statusCode !== 200) throw new Error(`polling the import answered ${res.statusCode}: ${res.body}`)
    const job = res.json<ImportJob>()
    if (job.status === 'done' || job.status === 'failed') return job
    if (Date.now() > deadline) throw new Error(`the import is still ${job.status} after 2 minutes`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * POST /api/admin/import and wait for its job: a refusal on upload (400, 401, 409, 413…) comes back as it was
 * answered; a job that ended comes back as its report (200) or its failure's status and `{ error }`.
 */
export async function importAndWait(
  t: Pick<TestApp, 'request'>,
  opts: Omit<InjectOptions, 'method'> & { cookie?: string },
): Promise<ImportOutcome> {
  const res = await t.request({ method: 'POST', url: '/api/admin/import', ...opts })
  if (res.statusCode !== 202) return { statusCode: res.statusCode, body: res.body, json: () => res.json(), job: null }
  const { id } = res.json<{ id: string }>()
  if (res.headers.location !== `/api/admin/imports/${id}`)
    throw new Error(`202 without its Location: ${res.headers.location}`)
  const job = await waitForImport(t, id, opts.cookie)
  if (job.status === 'done') return { statusCode: 200, body: JSON.stringify(job.report), json: () => job.report, job }
  const error = { error: job.error }
  return { statusCode: job.errorStatus ?? 500, body: JSON.stringify(error), json: () => error, job }
}
