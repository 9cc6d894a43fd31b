import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Clock } from './clock.ts'
import type { Db, Engine } from './db/client.ts'
import type { Env } from './env.ts'
import type { ReaderKeys } from './http/reader-keys.ts'

export type AppContext = {
  db: Db
  engine: Engine
  env: Env
  clock: Clock
  /** Signs visitor cookies and hashes readers' networks with the secret every instance shares. */
  keys: ReaderKeys
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext
    /** Every route registered, for tests that must cover each one (e.g. 401 on every admin route). */
    routeTable: Array<{ method: string; url: string; auth: 'admin' | undefined }>
  }
}

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>
