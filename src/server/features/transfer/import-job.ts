import { mkdir, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { ImportJob, ImportReport } from '#shared/schemas/backup.ts'
import type { Clock } from '../../clock.ts'
import type { Db, Engine } from '../../db/client.ts'
import { databaseTrouble } from '../../db/db-trouble.ts'
import { removeThrowawayCopy, withThrowawayCopy } from '../../db/throwaway-copy.ts'
import type { ImportJobRow, ImportJobsTable } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import { UNAVAILABLE_MESSAGES } from '../../http/unavailable.ts'
import * as repo from './import-job.repo.ts'
import { truncateWriteAheadLog } from './transfer.repo.ts'
import { PartlyImported, writeImport } from './transfer.service.ts'
import { readInWorker, RESTARTED, type ImportLimits, type WorkerRead } from './worker-model.ts'

export { RESTARTED }

export const BUSY = 'An import is already running: wait for it to end, then import again'
const FAILED = 'The import failed on the server; nothing was imported'
const STOPPED_ON_SERVER = 'The import failed on the server'

/** What a failed job tells the admin: our own refusal as it is, database trouble as any refused write, else a 500. */
function failureOf(error: unknown, partly: boolean): { message: string; status: number } {
  if (error instanceof AppError) return { message: error.message, status: error.status }
  const trouble = databaseTrouble(error)
  if (trouble) return { message: UNAVAILABLE_MESSAGES[trouble], status: 503 }
  return { message: partly ? STOPPED_ON_SERVER : FAILED, status: 500 }
}

/** A running job's server writes its heartbeat this often; a job silent for STALE_MS lost its server. */
const HEARTBEAT_MS = 5_000
const STALE_MS = 30_000

export type ImportUpload = {
  id: string
  /** The job's folder under DATA_DIR: removed when the job ends. */
  dir: string
  file: string
  name: string
  media?: string
  mediaName?: string
  dryRun: boolean
  keepMissingImages: boolean
}

/** Where uploads wait while their job runs: DATA_DIR/imports/{job id}. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'imports')

function toJob(row: ImportJobRow, live?: repo.JobProgress): ImportJob {
  const progress =
    live ??
    (row.progress_phase ? { phase: row.progress_phase, done: row.progress_done, total: row.progress_total } : null)
  return {
    id: row.id,
    status: row.status,
    dryRun: row.dry_run === 1,
    fileName: row.file_name,
    format: (row.source_kind as ImportJob['format']) ?? null,
    progress,
    report: row.report ? (JSON.parse(row.report) as ImportReport) : null,
    error: row.error,
    errorStatus: row.error_status,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  }
}

/**
 * Imports through the admin, one at a time per blog: the upload waits on disk, a worker thread reads and checks it
 * within the caps (worker-model.ts), and this thread writes it in batches; the row in import_jobs carries its
 * progress and, at the end, the report or the reason it failed.
 */
export function createImportJobs(deps: {
  db: Db
  engine: Engine
  dataDir: string
  clock: Clock
  log: FastifyBaseLogger
  limits: ImportLimits
  onImported: (report: ImportReport) => void
}) {
  const { db, clock, log } = deps
  const now = () => clock().toISOString()
  /** The job this server runs: its progress is answered from here (SQLite's one connection is busy writing it). */
  let current: { id: string; progress: repo.JobProgress; stop: AbortController; done: Promise<void> } | null = null

  async function run(upload: ImportUpload): Promise<void> {
    const job = current!
    job.progress = { phase: 'reading', done: 0, total: null }
    const beat = setInterval(() => {
      const { phase, done, total } = job.progress
      repo
        .updateImportJob(db, upload.id, {
          heartbeat_at: now(),
          progress_phase: phase,
          progress_done: done,
          progress_total: total,
        })
        .catch((err: unknown) => log.warn({ err }, 'import progress could not be saved'))
    }, HEARTBEAT_MS)
    const started = now()
    let read: WorkerRead | null = null
    let ending: Partial<ImportJobsTable>
    let report: ImportReport | null = null
    try {
      await repo.updateImportJob(db, upload.id, {
        status: 'running',
        started_at: started,
        heartbeat_at: started,
        progress_phase: 'reading',
      })
      const input = {
        file: upload.file,
        name: upload.name,
        media: upload.media,
        mediaName: upload.mediaName,
        now: clock(),
      }
      read = await readInWorker(input, deps.limits, job.stop.signal, (detail) =>
        log.error({ detail }, 'import worker failed'),
      )
      await repo.updateImportJob(db, upload.id, { source_kind: read.model.format })
      const { model, assertAlive } = read
      const write = (into: Db, intoThrowawayCopy: boolean) =>
        writeImport(into, model, {
          ...input,
          dryRun: upload.dryRun,
          keepMissingImages: upload.keepMissingImages,
          onProgress: (phase, done, total) => (job.progress = { phase, done, total }),
          beforeCommit: assertAlive,
          inShortTransactions: true,
          intoThrowawayCopy,
        })
      // SQLite has one connection: a dry run writes into a copy batch by batch instead of holding it in one
      // transaction. PostgreSQL's rolled-back transaction takes one pooled connection; readers use the others.
      report =
        upload.dryRun && deps.engine === 'sqlite'
          ? await withThrowawayCopy(deps.dataDir, (copy) => write(copy, true))
          : await write(db, false)
      ending = {
        status: 'done',
        report: JSON.stringify(report),
        progress_phase: 'done',
        progress_done: 1,
        progress_total: 1,
      }
    } catch (thrown) {
      const partly = thrown instanceof PartlyImported
      const error = partly ? thrown.reason : thrown
      // A full disk or an unreachable database (a dry run's copy included) fails as any refused write does, and is
      // the operator's problem: logged without a stack.
      const { message, status } = failureOf(error, partly)
      const trouble = databaseTrouble(error)
      if (trouble) log.warn({ reason: (error as Error).message, trouble }, 'import stopped: database unavailable')
      else if (status >= 500) log.error({ err: error }, 'import failed')
      ending = {
        status: 'failed',
        error: partly ? `${message.replace(/\.?$/, '.')} ${thrown.message}` : message,
        error_status: status,
      }
    }
    // The worker and the upload go first: the job ends (and the next may start) once they are gone.
    clearInterval(beat)
    await read?.close().catch((err: unknown) => log.warn({ err }, 'import worker did not stop cleanly'))
    await rm(upload.dir, { recursive: true, force: true }).catch(() => {})
    await repo
      .updateImportJob(db, upload.id, { ...ending, finished_at: now(), heartbeat_at: now() })
      .catch((err: unknown) => log.error({ err }, 'the end of an import could not be saved'))
    // A dry run leaves no trace but its job row: the write-ahead log is emptied again after that row is written.
    if (upload.dryRun) await truncateWriteAheadLog(db).catch((err: unknown) => log.warn({ err }, 'WAL not truncated'))
    if (current === job) current = null
    if (report) deps.onImported(report)
  }

  return {
    /** Throws 409 while an import runs here or (PostgreSQL, several instances) on another server. */
    async assertIdle(): Promise<void> {
      if (current) throw new AppError(409, BUSY)
      if (await repo.findLiveImportJob(db, new Date(clock().getTime() - STALE_MS).toISOString()))
        throw new AppError(409, BUSY)
    },
    /** A folder for the upload of a new job (call assertIdle first). */
    async reserve(): Promise<{ id: string; dir: string }> {
      if (current) throw new AppError(409, BUSY)
      const id = crypto.randomUUID()
      const dir = path.join(uploadsDir(deps.dataDir), id)
      await mkdir(dir, { recursive: true })
      current = {
        id,
        progress: { phase: 'queued', done: 0, total: null },
        stop: new AbortController(),
        done: Promise.resolve(),
      }
      return { id, dir }
    },
    /** Gives a reserved slot back when its upload was refused. */
    async release(reserved: { id: string; dir: string }): Promise<void> {
      if (current?.id === reserved.id) current = null
      await rm(reserved.dir, { recursive: true, force: true })
    },
    /** Stores the job and runs it in the background. */
    async start(upload: ImportUpload): Promise<void> {
      await repo.insertImportJob(db, { id: upload.id, dryRun: upload.dryRun, fileName: upload.name, now: now() })
      const job = current!
      job.done = run(upload)
    },
    async get(id: string): Promise<ImportJob | null> {
      const row = await repo.findImportJob(db, id)
      if (!row) return null
      const mine = current?.id === id
      if (!mine && (row.status === 'queued' || row.status === 'running')) {
        // Its server stopped writing the heartbeat: it crashed or restarted.
        const stale = new Date(clock().getTime() - STALE_MS).toISOString()
        if (row.heartbeat_at < stale) {
          await repo.failInterruptedJobs(db, RESTARTED, now(), stale)
          return toJob({ ...row, status: 'failed', error: RESTARTED, error_status: 500, finished_at: now() })
        }
      }
      if (!mine) return toJob(row)
      // Until this server has let go of it (worker, upload, WAL), the job is still running for whoever polls.
      const unfinished = {
        status: 'running',
        report: null,
        error: null,
        error_status: null,
        finished_at: null,
      } as const
      return toJob({ ...row, ...unfinished }, current!.progress)
    },
    /**
     * At start: a job left running by a crash or a restart has failed (on PostgreSQL only those whose server went
     * silent: another instance may be running one), and uploads of ended jobs go.
     */
    async recover(): Promise<void> {
      const stale = deps.engine === 'sqlite' ? undefined : new Date(clock().getTime() - STALE_MS).toISOString()
      const failed = await repo.failInterruptedJobs(db, RESTARTED, now(), stale)
      if (failed) log.warn({ jobs: failed }, 'imports interrupted by a restart were marked failed')
      if (deps.engine === 'sqlite') await removeThrowawayCopy(deps.dataDir)
      const folders = await readdir(uploadsDir(deps.dataDir)).catch(() => [] as string[])
      const ended = await repo.endedJobIds(db, folders)
      for (const folder of folders)
        if (ended.has(folder) || !(await repo.findImportJob(db, folder)))
          await rm(path.join(uploadsDir(deps.dataDir), folder), { recursive: true, force: true })
    },
    /** On shutdown: the worker is ended and the job fails as a restart would leave it. */
    async close(): Promise<void> {
      const job = current
      if (!job) return
      job.stop.abort()
      await job.done
    },
  }
}

export type ImportJobs = ReturnType<typeof createImportJobs>
