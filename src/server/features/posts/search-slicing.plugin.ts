import type { App } from '../../context.ts'
import { HOUSEKEEPING_EVERY_MS } from '../housekeeping/housekeeping.ts'
import { splitSearchSlices } from './search-slices.postgres.ts'

/**
 * PostgreSQL: splits the search's time slices that outgrew their size, once the server is up (not before: building
 * indexes for a large imported blog takes seconds) and then with housekeeping. Searches are right meanwhile, only
 * slower. Closing waits for a split under way, so no index build is cut off half way.
 */
export function registerSearchSlicing(app: App, everyMs = HOUSEKEEPING_EVERY_MS): void {
  if (app.ctx.engine !== 'postgres') return
  let running: Promise<unknown> | undefined
  const run = () => {
    running ??= splitSearchSlices(app.ctx.db)
      .then((cuts) => cuts && app.log.info({ cuts }, 'cut the search slices'))
      .catch((err) => app.log.error({ err }, 'splitting the search slices failed'))
      .finally(() => (running = undefined))
  }
  const timer = setInterval(run, everyMs)
  timer.unref()
  app.addHook('onReady', async () => run())
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
