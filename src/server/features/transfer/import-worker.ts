import { parentPort, workerData } from 'node:worker_threads'
import { AppError } from '../../errors.ts'
import { DATA_KINDS, type DataKind } from './backup-format.ts'
import type { ModelRecords } from './model.ts'
import { readInput } from './read/read-input.ts'
import { checkNamed, type CheckedRecord } from './validate.ts'
import type { WorkerInput, WorkerReply, WorkerRequest } from './worker-protocol.ts'

/**
 * The worker thread an import through the admin is read in (import-job.ts starts it with a memory cap): the file
 * is opened, parsed, converted and every record checked here, off the thread that answers requests. The main
 * thread pulls the checked records kind by kind, a chunk at a time, and writes them.
 */
const RECORDS_PER_CHUNK = 200
/** About this much text per chunk: a chunk is copied to the main thread whole. */
const CHUNK_CHARS = 4 * 1024 * 1024

const port = parentPort!
const input = workerData as WorkerInput
const send = (reply: WorkerReply, transfer?: ArrayBuffer[]) => port.postMessage(reply, transfer)

const failure = (error: unknown) =>
  error instanceof AppError
    ? { status: error.status, message: error.message }
    : { status: 500, message: 'The import could not be read', detail: String((error as Error)?.stack ?? error) }

function sizeOf(item: CheckedRecord<unknown>): number {
  const value = item.value as { content?: unknown } | undefined
  return typeof value?.content === 'string' ? value.content.length : 256
}

async function main() {
  let read: Awaited<ReturnType<typeof readInput>>
  try {
    read = await readInput({ ...input, now: new Date(input.now) })
  } catch (error) {
    send({ type: 'failed', ...failure(error) })
    return
  }
  const { model } = read
  // A platform's posts and pages get their pictures made local on the main thread, and are checked there after
  // that; what no picture could change (size, nesting, slug) is refused here already, the rest handed on as read.
  const prepared = (kind: DataKind) => model.origin === 'platform' && (kind === 'posts' || kind === 'footerPages')
  const precheck = <K extends DataKind>(kind: K, record: ModelRecords[K]): CheckedRecord<ModelRecords[K]> => {
    const trial = checkNamed(kind, { ...record, featuredImage: null })
    return trial.value ? { value: record, name: trial.name } : trial
  }
  const iterators = new Map<DataKind, AsyncIterator<ModelRecords[DataKind]>>()
  const next = async (kind: DataKind) => {
    let it = iterators.get(kind)
    if (!it) iterators.set(kind, (it = model.records(kind)[Symbol.asyncIterator]()))
    const items: Array<CheckedRecord<unknown>> = []
    let chars = 0
    while (items.length < RECORDS_PER_CHUNK && chars < CHUNK_CHARS) {
      const step = await it.next()
      if (step.done) return { items, done: true }
      const item = prepared(kind) ? precheck(kind, step.value) : checkNamed(kind, step.value)
      items.push(item)
      chars += sizeOf(item)
    }
    return { items, done: false }
  }

  port.on('message', (request: WorkerRequest) => {
    const answer = async () => {
      if (request.type === 'records') {
        send({ id: request.id, type: 'records', ...(await next(request.kind)) })
      } else {
        const bytes = await model.imageBytes(request.fileName)
        const copy = bytes ? new Uint8Array(bytes) : null
        send({ id: request.id, type: 'image', bytes: copy }, copy ? [copy.buffer as ArrayBuffer] : undefined)
      }
    }
    answer().catch((error: unknown) => {
      send({ id: request.id, type: 'error', ...failure(error) })
    })
  })
  send({
    type: 'model',
    format: model.format,
    origin: model.origin,
    counts: Object.fromEntries(DATA_KINDS.map((kind) => [kind, model.count(kind)])),
    attachments: model.attachments,
    warnings: model.warnings,
  })
}

void main()
