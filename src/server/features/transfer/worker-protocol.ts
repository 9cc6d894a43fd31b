import type { ImportFormat } from '#shared/schemas/backup.ts'
import type { DataKind } from './backup-format.ts'
import type { InputFiles } from './read/read-input.ts'
import type { CheckedRecord } from './validate.ts'

/** What the import worker (import-worker.ts) is started with: the upload's files, the clock as an ISO string. */
export type WorkerInput = Omit<InputFiles, 'now'> & { now: string }

/** The main thread asks for the next records of a kind, or for a backup's image. */
export type WorkerRequest =
  { id: number; type: 'records'; kind: DataKind } | { id: number; type: 'image'; fileName: string }

/** The worker answers once with the model's outline (or why it could not read the file), then each request. */
export type WorkerReply =
  | {
      type: 'model'
      format: ImportFormat
      origin: 'backup' | 'platform'
      counts: Partial<Record<DataKind, number | null>>
      attachments: string[]
      warnings: string[]
    }
  | ({ type: 'failed' } & WorkerFailure)
  | { id: number; type: 'records'; items: Array<CheckedRecord<unknown>>; done: boolean }
  | { id: number; type: 'image'; bytes: Uint8Array | null }
  | ({ id: number; type: 'error' } & WorkerFailure)

/** An AppError's status and message; `detail`: the stack of anything else, for the log. */
export type WorkerFailure = { status: number; message: string; detail?: string }
