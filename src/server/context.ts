import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Clock } from './clock.ts'
import type { Db, Engine } from './db/client.ts'
import type { Env } from './env.ts'
import type { Mailer } from './mail/mailer.ts'
import type { ReaderKeys } from './http/reader-keys.ts'

/** The Zod schemas a route validates its input with (absent parts are not validated). */
export type RouteInputSchemas = { params?: unknown; querystring?: unknown; body?: unknown }

export type AppContext = {
  db: Db
  engine: Engine
  env: Env
  clock: Clock
  /** Signs visitor cookies and hashes readers' networks with the secret every instance shares. */
  keys: ReaderKeys
  /** The one SMTP pool, or null when SMTP_URL is not set (then nothing that sends email is offered). */
  mailer: Mailer | null
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext
    /** Every route registered, for tests that must cover each one (401 on every admin route, the input fuzz test). */
    routeTable: Array<{ method: string; url: string; auth: 'admin' | undefined; schema: RouteInputSchemas }>
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>
