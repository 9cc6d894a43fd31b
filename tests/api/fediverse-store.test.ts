import { Temporal } from '@js-temporal/polyfill'
import { afterEach, describe, expect, it } from 'vitest'
import { DbKvStore } from '#server/features/fediverse/fediverse-kv.repo.ts'
import { DbMessageQueue } from '#server/features/fediverse/fediverse-queue.repo.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { createTestDatabase, TEST_ENGINE } from '#test/support/test-db.ts'

const open: Array<{ dispose: () => Promise<void> }> = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.dispose()))
})
const database = async () => {
  const d = await createTestDatabase(TEST_ENGINE)
  open.push(d)
  return d.handle
}

/** Runs `listen` until `count` messages were handled (or the signal is aborted), returning what was handled. */
async function drain(queues: DbMessageQueue[], count: number): Promise<unknown[]> {
  const handled: unknown[] = []
  const stop = new AbortController()
  const listening = queues.map((q) =>
    q.listen(
      async (message) => {
        handled.push(message)
        if (handled.length >= count) stop.abort()
      },
      { signal: stop.signal },
    ),
  )
  await Promise.all(listening)
  return handled
}

describe(`Fedify's key-value store in our database (${TEST_ENGINE})`, () => {
  it('gets, sets, overwrites and deletes JSON values by key', async () => {
    const kv = new DbKvStore((await database()).db)
    expect(await kv.get(['a'])).toBeUndefined()
    await kv.set(['a', 'b'], { n: 1, list: ['x'] })
    await kv.set(['a', 'b'], { n: 2 })
    expect(await kv.get(['a', 'b'])).toEqual({ n: 2 })
    await kv.delete(['a', 'b'])
    expect(await kv.get(['a', 'b'])).toBeUndefined()
  })

  it('lists the entries under a prefix, and only those', async () => {
    const kv = new DbKvStore((await database()).db)
    await kv.set(['p'], 0)
    await kv.set(['p', 'x'], 1)
    await kv.set(['p', 'x', 'y'], 2)
    await kv.set(['px'], 3)
    await kv.set(['q', 'p'], 4)
    const under = async (prefix?: readonly [string, ...string[]]) => {
      const out: unknown[] = []
      for await (const e of kv.list(prefix)) out.push([e.key, e.value])
      return out.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
    }
    expect(await under(['p'])).toEqual([
      [['p', 'x', 'y'], 2],
      [['p', 'x'], 1],
      [['p'], 0],
    ])
    expect(await under(['p', 'x'])).toEqual([
      [['p', 'x', 'y'], 2],
      [['p', 'x'], 1],
    ])
    expect(await under()).toHaveLength(5)
  })

  it('forgets a value when its time to live has passed', async () => {
    const clock = manualClock()
    const kv = new DbKvStore((await database()).db, clock)
    await kv.set(['t'], 'soon gone', { ttl: Temporal.Duration.from({ seconds: 30 }) })
    clock.tick(29_000)
    expect(await kv.get(['t'])).toBe('soon gone')
    clock.tick(2_000)
    expect(await kv.get(['t'])).toBeUndefined()
    await kv.sweep()
    await kv.set(['t'], 'again')
    expect(await kv.get(['t'])).toBe('again')
  })
})

describe(`compare-and-swap on the key-value store (${TEST_ENGINE})`, () => {
  it('swaps only from the expected value', async () => {
    const kv = new DbKvStore((await database()).db, () => new Date(), TEST_ENGINE)
    expect(await kv.cas(['c'], undefined, { v: 1 })).toBe(true)
    expect(await kv.cas(['c'], undefined, { v: 2 })).toBe(false)
    expect(await kv.cas(['c'], { v: 1 }, { v: 3 })).toBe(true)
    expect(await kv.get(['c'])).toEqual({ v: 3 })
  })
})

describe(`Fedify's message queue in our database (${TEST_ENGINE})`, () => {
  it('hands each message to a listener once and removes it', async () => {
    const { db } = await database()
    const queue = new DbMessageQueue(db, TEST_ENGINE, { pollMs: 20 })
    await queue.enqueueMany([{ n: 1 }, { n: 2 }, { n: 3 }])
    const handled = await drain([queue], 3)
    expect(handled).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }, { n: 3 }]))
    expect(await queue.getDepth()).toEqual({ queued: 0, ready: 0, delayed: 0 })
  })

  it('keeps messages across a restart: a new queue on the same database delivers them', async () => {
    const { db } = await database()
    await new DbMessageQueue(db, TEST_ENGINE).enqueue({ kept: true })
    const later = new DbMessageQueue(db, TEST_ENGINE, { pollMs: 20 })
    expect(await drain([later], 1)).toEqual([{ kept: true }])
  })

  it('shares the work between several listeners without handing a message out twice', async () => {
    const { db } = await database()
    const queues = [1, 2, 3].map(() => new DbMessageQueue(db, TEST_ENGINE, { pollMs: 10, concurrency: 3 }))
    await queues[0]!.enqueueMany(Array.from({ length: 60 }, (_, i) => ({ i })))
    const handled = (await drain(queues, 60)) as Array<{ i: number }>
    expect(handled.map((m) => m.i).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i))
  })

  it('holds a delayed message back until it is due', async () => {
    const clock = manualClock()
    const { db } = await database()
    const queue = new DbMessageQueue(db, TEST_ENGINE, { now: clock })
    await queue.enqueue({ late: true }, { delay: Temporal.Duration.from({ minutes: 5 }) })
    expect(await queue.claim()).toBeNull()
    expect(await queue.getDepth()).toEqual({ queued: 1, ready: 0, delayed: 1 })
    clock.tick(5 * 60_000)
    expect((await queue.claim())?.message).toEqual({ late: true })
  })

  it('gives a claimed message to another worker when its lease runs out (its worker died)', async () => {
    const clock = manualClock()
    const { db } = await database()
    const queue = new DbMessageQueue(db, TEST_ENGINE, { now: clock, leaseMs: 60_000 })
    await queue.enqueue({ once: 1 })
    const first = await queue.claim()
    expect(first?.message).toEqual({ once: 1 })
    expect(await queue.claim()).toBeNull()
    clock.tick(61_000)
    expect((await queue.claim())?.id).toBe(first?.id)
  })

  it('takes no message until its pacer lets it (readers first), then delivers each once', async () => {
    const { db } = await database()
    let paced = 0
    let letGo = () => {}
    const gate = new Promise<void>((resolve) => (letGo = resolve))
    const pace = async () => {
      paced++
      await gate
    }
    const queue = new DbMessageQueue(db, TEST_ENGINE, { pollMs: 10, concurrency: 2, pace })
    await queue.enqueueMany([{ n: 1 }, { n: 2 }])
    const handled = drain([queue], 2)
    await expect.poll(() => paced).toBe(2)
    expect(await queue.getDepth()).toEqual({ queued: 2, ready: 2, delayed: 0 })
    const leases = await db.selectFrom('fediverse_queue').select('claimed_until').execute()
    expect(leases).toEqual([{ claimed_until: null }, { claimed_until: null }]) // nothing claimed while they wait
    letGo()
    expect(await handled).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]))
    expect(await queue.getDepth()).toEqual({ queued: 0, ready: 0, delayed: 0 })
  })
})
