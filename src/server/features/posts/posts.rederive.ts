import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { findStaleRenders, writeDerived } from './posts.repo.ts'
import { derivedColumns, RENDER_VERSION } from './posts.service.ts'
import { saveListingState } from './posts.write.ts'

const BATCH = 50

/**
 * Renders again, in small batches that leave the event loop free between them, every post made by an older
 * renderer (or before posts kept their HTML), and rewrites its search text. Readers are never blocked: a post page
 * asked for meanwhile is rendered on demand. Any instance may run it; the work is idempotent.
 */
export async function rederiveStalePosts(db: Db, log: FastifyBaseLogger, signal?: AbortSignal): Promise<number> {
  let done = 0
  while (!signal?.aborted) {
    const batch = await findStaleRenders(db, RENDER_VERSION, BATCH)
    if (!batch.length) break
    for (const post of batch) {
      const derived = await derivedColumns(db, post)
      await db.transaction().execute(async (trx) => {
        await writeDerived(trx, post.id, derived)
        await saveListingState(trx, post, post)
      })
      done++
    }
    await new Promise((resolve) => setImmediate(resolve))
  }
  if (done) log.info({ posts: done, renderVersion: RENDER_VERSION }, 'rendered posts again for the current renderer')
  return done
}
