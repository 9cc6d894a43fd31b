import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify'
import { EventEmitter } from 'node:events'
import type { Db } from '../../db/client.ts'

export type DbQueueOptions = {
  /** How often an idle worker looks for due messages another instance (or a delay) made ready. */
  pollMs?: number
  /** How long a claimed message is left to its worker before another may take it (a crash frees it after this). */
  leaseMs?: number
  /** Messages handled at once by one listener. */
  concurrency?: number
  /** Resolves when the next message may be taken (readerFirstPacer); by default at once. */
  pace?: () => Promise<void>
  now?: () => Date
}

/**
 * Fedify's message queue in our database (table fediverse_queue): a row per message, claimed by one worker for a
 * lease (PostgreSQL: FOR UPDATE SKIP LOCKED, so several instances never take the same row), deleted once handled.
 * A message whose worker died is taken again when its lease runs out: delivery is at least once. Fedify does the
 * retrying (it enqueues a failed delivery again with its backoff), so `nativeRetrial` is false.
 */
export class DbMessageQueue implements MessageQueue {
  readonly nativeRetrial = false
  private readonly wake = new EventEmitter()
  private readonly pollMs: number
  private readonly leaseMs: number
  private readonly concurrency: number
  private readonly pace: () => Promise<void>
  private readonly now: () => Date

  constructor(
    private readonly db: Db,
    private readonly engine: 'sqlite' | 'postgres',
    opts: DbQueueOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 1000
    this.leaseMs = opts.leaseMs ?? 60_000
    this.concurrency = opts.concurrency ?? 4
    this.pace = opts.pace ?? (async () => {})
    this.now = opts.now ?? (() => new Date())
    this.wake.setMaxListeners(0)
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options)
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    if (messages.length === 0) return
    const now = this.now()
    const delayMs = options?.delay ? Math.max(0, options.delay.total('millisecond')) : 0
    const deliverAt = new Date(now.getTime() + delayMs).toISOString()
    const rows = messages.map((message) => ({
      id: crypto.randomUUID(),
      message: JSON.stringify(message),
      ordering_key: options?.orderingKey ?? null,
      deliver_at: deliverAt,
      created_at: now.toISOString(),
    }))
    for (let i = 0; i < rows.length; i += 500)
      await this.db
        .insertInto('fediverse_queue')
        .values(rows.slice(i, i + 500))
        .execute()
    if (delayMs === 0) this.wake.emit('message')
  }

  /** Takes the oldest due message nobody holds (and whose ordering key has none in flight), or null. */
  async claim(): Promise<{ id: string; message: unknown } | null> {
    const now = this.now()
    const nowIso = now.toISOString()
    const until = new Date(now.getTime() + this.leaseMs).toISOString()
    let candidate = this.db
      .selectFrom('fediverse_queue as q')
      .select('q.id')
      .where('q.deliver_at', '<=', nowIso)
      .where((eb) => eb.or([eb('q.claimed_until', 'is', null), eb('q.claimed_until', '<', nowIso)]))
      .where((eb) =>
        eb.or([
          eb('q.ordering_key', 'is', null),
          eb.not(
            eb.exists(
              eb
                .selectFrom('fediverse_queue as o')
                .select('o.id')
                .whereRef('o.ordering_key', '=', 'q.ordering_key')
                .where('o.claimed_until', '>=', nowIso),
            ),
          ),
        ]),
      )
      .orderBy('q.deliver_at')
      .orderBy('q.id')
      .limit(1)
    if (this.engine === 'postgres') candidate = candidate.forUpdate().skipLocked()
    const row = await this.db
      .updateTable('fediverse_queue')
      .set((eb) => ({ claimed_until: until, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', candidate)
      .returning(['id', 'message'])
      .executeTakeFirst()
    return row ? { id: row.id, message: JSON.parse(row.message) as unknown } : null
  }

  async done(id: string): Promise<void> {
    await this.db.deleteFrom('fediverse_queue').where('id', '=', id).execute()
  }

  /** A message its handler threw on: left for another try after a pause (Fedify normally catches and re-enqueues). */
  async release(id: string, pauseMs: number): Promise<void> {
    const at = new Date(this.now().getTime() + pauseMs).toISOString()
    await this.db
      .updateTable('fediverse_queue')
      .set({ claimed_until: null, deliver_at: at })
      .where('id', '=', id)
      .execute()
  }

  async getDepth(): Promise<{ queued: number; ready: number; delayed: number }> {
    const nowIso = this.now().toISOString()
    const rows = await this.db
      .selectFrom('fediverse_queue')
      .select((eb) => [eb.fn.countAll<number>().as('queued')])
      .select((eb) => eb.fn.sum<number>(eb.case().when('deliver_at', '<=', nowIso).then(1).else(0).end()).as('ready'))
      .executeTakeFirstOrThrow()
    const queued = Number(rows.queued)
    const ready = Number(rows.ready ?? 0)
    return { queued, ready, delayed: queued - ready }
  }

  async listen(
    handler: (message: unknown) => Promise<void> | void,
    options?: MessageQueueListenOptions,
  ): Promise<void> {
    const signal = options?.signal
    const worker = async () => {
      while (!signal?.aborted) {
        let job: Awaited<ReturnType<DbMessageQueue['claim']>> = null
        await this.pace()
        if (signal?.aborted) return
        try {
          job = await this.claim()
        } catch {
          job = null // the database is away for a moment: try again after the pause
        }
        if (!job) {
          await this.idle(signal)
          continue
        }
        try {
          await handler(job.message)
          await this.done(job.id)
        } catch {
          await this.release(job.id, this.pollMs).catch(() => {})
        }
      }
    }
    await Promise.all(Array.from({ length: this.concurrency }, worker))
  }

  private idle(signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer)
        this.wake.off('message', finish)
        signal?.removeEventListener('abort', finish)
        resolve()
      }
      const timer = setTimeout(finish, this.pollMs)
      this.wake.once('message', finish)
      signal?.addEventListener('abort', finish, { once: true })
    })
  }
}
