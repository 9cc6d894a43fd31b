import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { UnwrittenViews, ViewCounter } from './views.service.ts'

/** Where counts the database did not take at shutdown wait for the next start (one file per shutdown). */
export const unwrittenViewsDir = (dataDir: string) => path.join(dataDir, 'unwritten-views')

const total = (views: UnwrittenViews[]) => views.reduce((sum, v) => sum + v.count, 0)

function isUnwrittenViews(value: unknown): value is UnwrittenViews[] {
  return (
    Array.isArray(value) &&
    value.every(
      (v) =>
        typeof v?.postId === 'string' && typeof v?.slot === 'string' && Number.isSafeInteger(v?.count) && v.count > 0,
    )
  )
}

/** At shutdown, after the last flush: whatever is still buffered goes to a file, or at least into the log. */
export function saveUnwrittenViews(counter: ViewCounter, dataDir: string, log: FastifyBaseLogger): void {
  const views = counter.takeUnwritten()
  if (views.length === 0) return
  const file = path.join(
    unwrittenViewsDir(dataDir),
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`,
  )
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(views))
    fs.renameSync(`${file}.tmp`, file)
    log.warn(
      { views: total(views), file },
      'view counts could not be written to the database; saved to a file and added at the next start',
    )
  } catch (err) {
    // The counts themselves go into the log, so an operator can still add them by hand.
    log.error(
      { err, views },
      'view counts could not be written to the database nor to DATA_DIR: they are only in this log line',
    )
  }
}

/**
 * At start: takes the counts earlier shutdowns saved and puts them in the buffer, flushed with the next views.
 * Each file is claimed by renaming it first, so two instances sharing DATA_DIR never both add the same counts.
 */
export function restoreUnwrittenViews(counter: ViewCounter, dataDir: string, log: FastifyBaseLogger): void {
  const dir = unwrittenViewsDir(dataDir)
  let names: string[]
  try {
    names = fs.readdirSync(dir).filter((name) => name.endsWith('.json'))
  } catch {
    return // no directory: nothing was ever saved
  }
  for (const name of names) {
    const file = path.join(dir, name)
    const claimed = `${file}.${randomBytes(4).toString('hex')}.claimed`
    try {
      fs.renameSync(file, claimed)
    } catch {
      continue // another instance took it
    }
    try {
      const views: unknown = JSON.parse(fs.readFileSync(claimed, 'utf8'))
      if (!isUnwrittenViews(views)) throw new Error('not a list of view counts')
      counter.restore(views)
      fs.rmSync(claimed)
      log.warn(
        { views: total(views), file },
        'view counts saved at an earlier shutdown are buffered again and written with the next flush',
      )
    } catch (err) {
      log.error({ err, file: claimed }, 'saved view counts could not be read; the file is left in place')
    }
  }
}
