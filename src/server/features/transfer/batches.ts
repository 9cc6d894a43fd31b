import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Db, OpenTransaction, Trx } from '../../db/client.ts'

/**
 * Where an import's writes go. `inOne` is the one transaction of a dry run or a command-line import: all of it or
 * none. `inShortTransactions` commits each batch on its own, so SQLite's one connection is held for one batch at a
 * time and readers are answered between two batches; what is written outside a batch commits statement by statement.
 */
export type ImportWriter = {
  /** The current batch's transaction, or (between batches of a committing writer) the database itself. */
  readonly db: Trx
  begin: () => Promise<void>
  end: () => Promise<void>
  /** Rolls back the batch in progress, if any (on failure). */
  abandon: () => Promise<void>
}

export function inOne(trx: Trx): ImportWriter {
  return { db: trx, begin: async () => {}, end: () => nextTurn(), abandon: async () => {} }
}

/** `beforeCommit` throws to roll the batch back instead (the import's worker went past a cap meanwhile). */
export function inShortTransactions(db: Db, beforeCommit: () => void = () => {}): ImportWriter {
  let open: OpenTransaction | null = null
  return {
    get db() {
      return open ?? db
    },
    begin: async () => {
      open ??= await db.startTransaction().execute()
    },
    end: async () => {
      if (!open) return
      beforeCommit()
      const trx = open
      open = null
      await trx.commit().execute()
      await nextTurn()
    },
    abandon: async () => {
      const trx = open
      open = null
      await trx?.rollback().execute()
    },
  }
}

/** Batches that only read, or write in one statement: no transaction of their own, a turn of the event loop between. */
export const yieldingOnly = { begin: async () => {}, end: () => nextTurn() }

/**
 * Items of a stream in arrays of up to `size`: one statement writes each, in the writer's batch (begun once the
 * batch is gathered, so reading the next records never holds it). Between batches the event loop takes a turn, so
 * requests keep being answered while a long import writes.
 */
export async function* batches<T>(
  writer: Pick<ImportWriter, 'begin' | 'end'>,
  items: AsyncIterable<T>,
  size: number,
): AsyncGenerator<T[]> {
  let batch: T[] = []
  for await (const item of items) {
    batch.push(item)
    if (batch.length >= size) {
      await writer.begin()
      yield batch
      await writer.end()
      batch = []
    }
  }
  if (batch.length) {
    await writer.begin()
    yield batch
    await writer.end()
  }
}
