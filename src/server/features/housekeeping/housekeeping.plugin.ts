import type { App } from '../../context.ts'
import { HOUSEKEEPING_EVERY_MS, housekeep } from './housekeeping.service.ts'

/** Runs housekeeping at start and then periodically, so bots cannot grow the throttle table between restarts. */
export function registerHousekeeping(app: App, everyMs = HOUSEKEEPING_EVERY_MS): void {
  const run = () =>
    housekeep(app.ctx.db, app.ctx.clock(), app.ctx.env.analyticsRetentionDays).catch((err) =>
      app.log.error({ err }, 'housekeeping failed'),
    )
  const timer = setInterval(run, everyMs)
  timer.unref()
  app.addHook('onClose', async () => clearInterval(timer))
}
