import type { FastifyInstance } from 'fastify'
import type { DbHandle } from '../../db/client.ts'
import { createWriteHealth, type WriteHealth } from './write-health.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the database takes writes, for /healthz; the error handler reports refused writes to it. */
    writeHealth: WriteHealth
  }
}

/** Lost connections are logged (the pool opens new ones on demand); write failures are tracked for /healthz. */
export function registerDatabaseHealth(app: FastifyInstance, database: DbHandle): void {
  app.decorate(
    'writeHealth',
    createWriteHealth(database.db, () => app.ctx.clock().getTime(), app.log),
  )
  database.onConnectionLost?.((err) => {
    // idle_session_timeout closing an idle connection is routine, not a warning.
    const level = (err as { code?: string }).code === '57P05' ? 'info' : 'warn'
    app.log[level]({ reason: err.message }, 'database connection lost; a new one is opened on the next query')
  })
}
