import { Worker } from 'node:worker_threads'
import { AppError } from '../../errors.ts'
import type { DataKind } from './backup-format.ts'
import type { ModelRecords, TransferModel } from './model.ts'
import { openMedia, type InputFiles } from './read/read-input.ts'
import type { Source } from './archive/source.ts'
import type { CheckedRecord } from './validate.ts'
import type { WorkerFailure, WorkerReply, WorkerRequest } from './worker-protocol.ts'

/** The memory a worker's heap may use and how long an import may take in all, from start to report. */
export type ImportLimits = { memoryMb: number; timeLimitMs: number }

const duration = (ms: number) => (ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`)
export const tooSlow = (limits: ImportLimits) =>
  `The import took too long (more than ${duration(limits.timeLimitMs)}): import the site in parts, or with npm run import on the server`
export const TOO_MUCH_MEMORY =
  'The import needs more memory than allowed: import the site in parts, or with npm run import on the server'
const STOPPED = 'The import stopped unexpectedly'
export const RESTARTED = 'The server restarted during the import'

/**
 * Under tsx (tests, development) the worker runs from its TypeScript source; the production build bundles it next to
 * main.js as import-worker.js (scripts/build-server.mjs).
 */
function workerEntry(): { url: URL; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts')
  return {
    url: new URL(fromSource ? './import-worker.ts' : './import-worker.js', import.meta.url),
    execArgv: fromSource ? ['--import', 'tsx'] : [],
  }
}

export type WorkerRead = {
  model: TransferModel
  /** Throws the reason the worker stopped (memory, time), if it did: checked before the import commits. */
  assertAlive: () => void
  close: () => Promise<void>
}

/**
 * Reads an import in a worker thread with a memory cap and a time cap (import-worker.ts) and hands its checked
 * records on as a model the main thread writes. Past either cap the worker is ended and every read fails with a
 * clear 413; `signal` ends it as a shutdown does. `onLog` gets the stack of anything unexpected.
 */
export async function readInWorker(
  input: InputFiles,
  limits: ImportLimits,
  signal: AbortSignal,
  onLog: (detail: string) => void,
): Promise<WorkerRead> {
  const entry = workerEntry()
  const worker = new Worker(entry.url, {
    execArgv: entry.execArgv,
    workerData: {
      file: input.file,
      name: input.name,
      media: input.media,
      mediaName: input.mediaName,
      now: input.now.toISOString(),
    },
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
  })
  const pending = new Map<number, { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void }>()
  let failure: AppError | null = null
  let closed = false
  let outline: { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void }
  const started = new Promise<WorkerReply>((resolve, reject) => (outline = { resolve, reject }))

  const asError = (f: WorkerFailure) => {
    if (f.detail) onLog(f.detail)
    return new AppError(f.status, f.message)
  }
  const fail = (error: AppError) => {
    failure ??= error
    outline.reject(failure)
    for (const request of pending.values()) request.reject(failure)
    pending.clear()
    void worker.terminate()
  }
  const timer = setTimeout(() => fail(new AppError(413, tooSlow(limits))), limits.timeLimitMs)
  const stop = () => fail(new AppError(500, RESTARTED))
  signal.addEventListener('abort', stop, { once: true })
  worker.on('message', (reply: WorkerReply) => {
    if (reply.type === 'model') return outline.resolve(reply)
    if (reply.type === 'failed') return fail(asError(reply))
    const request = pending.get(reply.id)
    pending.delete(reply.id)
    if (reply.type === 'error') request?.reject(asError(reply))
    else request?.resolve(reply)
  })
  worker.on('error', (error: Error & { code?: string }) => {
    if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') return fail(new AppError(413, TOO_MUCH_MEMORY))
    onLog(String(error.stack ?? error))
    fail(new AppError(500, STOPPED))
  })
  worker.on('exit', () => {
    clearTimeout(timer)
    if (!closed) fail(new AppError(500, STOPPED))
  })

  let id = 0
  const ask = (request: { type: 'records'; kind: DataKind } | { type: 'image'; fileName: string }) =>
    new Promise<WorkerReply>((resolve, reject) => {
      if (failure) return reject(failure)
      const message = { ...request, id: ++id } as WorkerRequest
      pending.set(message.id, { resolve, reject })
      worker.postMessage(message)
    })

  const close = async () => {
    closed = true
    clearTimeout(timer)
    signal.removeEventListener('abort', stop)
    await worker.terminate()
  }

  let shape: WorkerReply
  try {
    shape = await started
  } catch (error) {
    await close()
    throw error
  }
  if (shape.type !== 'model') throw new AppError(500, STOPPED)

  async function* checkedRecords<K extends DataKind>(kind: K): AsyncGenerator<CheckedRecord<ModelRecords[K]>> {
    for (;;) {
      const reply = await ask({ type: 'records', kind })
      if (reply.type !== 'records') throw new AppError(500, STOPPED)
      yield* reply.items as Array<CheckedRecord<ModelRecords[K]>>
      if (reply.done) return
    }
  }
  async function* records<K extends DataKind>(kind: K): AsyncGenerator<ModelRecords[K]> {
    for await (const item of checkedRecords(kind)) if (item.value) yield item.value
  }
  // A platform's pictures are looked up by the main thread, which stores them: it opens the files itself.
  let media: Source | null = null
  try {
    media = shape.origin === 'platform' ? await openMedia(input, null) : null
  } catch (error) {
    await close()
    throw error
  }

  const model: TransferModel = {
    format: shape.format,
    origin: shape.origin,
    records,
    checkedRecords,
    count: (kind) => shape.counts[kind] ?? null,
    imageBytes: async (fileName) => {
      const reply = await ask({ type: 'image', fileName })
      return reply.type === 'image' && reply.bytes ? Buffer.from(reply.bytes) : null
    },
    media,
    attachments: shape.attachments,
    warnings: shape.warnings,
  }
  return {
    model,
    assertAlive: () => {
      if (failure) throw failure
    },
    close: async () => {
      await close()
      await media?.close()
    },
  }
}
