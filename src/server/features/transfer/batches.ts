import { setImmediate as nextTurn } from 'node:timers/promises'

/**
 * Items of a stream in arrays of up to `size`: one statement writes each. Between batches the event loop takes a
 * turn, so requests keep being answered while a long import writes.
 */
export async function* batches<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = []
  for await (const item of items) {
    batch.push(item)
    if (batch.length >= size) {
      yield batch
      batch = []
      await nextTurn()
    }
  }
  if (batch.length) yield batch
}
