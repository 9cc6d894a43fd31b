/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import type { Kysely } from 'kysely'

// Frozen in time: never import app code here, never edit after it lands.
export async function up(db: Kysely<any>): Promise<void> {
  // One row per import through the admin: the upload is read by a worker thread and written in the background,
  // and the admin's screen polls this row for progress and, at the end, the report or the reason it failed.
  await db.schema
    .createTable('import_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull()) // queued | running | done | failed
    .addColumn('dry_run', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('source_kind', 'text') // backup | ghost | wordpress | markdown, once known
    .addColumn('progress_phase', 'text')
    .addColumn('progress_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress_total', 'integer')
    .addColumn('report', 'text') // the report's JSON, when done
    .addColumn('error', 'text')
    .addColumn('error_status', 'integer') // the HTTP status the failure answers with (400, 413, 415, 500)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('heartbeat_at', 'text', (c) => c.notNull()) // a running job's server writes it every few seconds
    .execute()
  await db.schema.createIndex('import_jobs_status').on('import_jobs').column('status').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_jobs').ifExists().execute()
}
