import type { Db } from '../../db/client.ts'
import type { ImportJobRow, ImportJobsTable } from '../../db/schema.ts'

export type JobProgress = { phase: string; done: number; total: number | null }

export async function insertImportJob(
  db: Db,
  job: { id: string; dryRun: boolean; fileName: string; now: string },
): Promise<void> {
  await db
    .insertInto('import_jobs')
    .values({
      id: job.id,
      status: 'queued',
      dry_run: job.dryRun ? 1 : 0,
      file_name: job.fileName,
      progress_done: 0,
      created_at: job.now,
      heartbeat_at: job.now,
    })
    .execute()
}

export async function findImportJob(db: Db, id: string): Promise<ImportJobRow | undefined> {
  return db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A job queued or running whose server wrote its heartbeat after `since`: another import is under way. */
export async function findLiveImportJob(db: Db, since: string): Promise<ImportJobRow | undefined> {
  return db
    .selectFrom('import_jobs')
    .selectAll()
    .where('status', 'in', ['queued', 'running'])
    .where('heartbeat_at', '>', since)
    .executeTakeFirst()
}

export async function updateImportJob(
  db: Db,
  id: string,
  fields: Partial<Omit<ImportJobsTable, 'id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('import_jobs').set(fields).where('id', '=', id).execute()
}

/** Jobs a server stopped running (it crashed or restarted): failed with `error`. `before`: only those silent since. */
export async function failInterruptedJobs(db: Db, error: string, now: string, before?: string): Promise<number> {
  let query = db
    .updateTable('import_jobs')
    .set({ status: 'failed', error, error_status: 500, finished_at: now })
    .where('status', 'in', ['queued', 'running'])
  if (before) query = query.where('heartbeat_at', '<', before)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** The ids of jobs that have ended (their upload folders may go). */
export async function endedJobIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set()
  const rows = await db
    .selectFrom('import_jobs')
    .select('id')
    .where('id', 'in', ids)
    .where('status', 'in', ['done', 'failed'])
    .execute()
  return new Set(rows.map((r) => r.id))
}
