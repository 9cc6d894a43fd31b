import { buildApp } from './app.ts'
import type { App } from './context.ts'
import { openDatabase, type DbHandle } from './db/client.ts'
import { migrateWithLock } from './db/migrate-with-lock.ts'
import { loadEnv, type Env } from './env.ts'
import { bootstrap } from './features/seed/bootstrap.ts'
import { rederiveStalePosts } from './features/posts/posts.service.ts'
import { publicPages } from './ssr/pages.ts'
import { checkDatabaseUrl, checkDataDir } from './startup/checks.ts'
import { explainStartupFailure } from './startup/explain.ts'
import { limitHeapGrowth } from './startup/heap-growth.ts'
import { whereToGo } from './startup/where-to-go.ts'

// The only file that listens. Everything else is buildable and injectable for tests.
let env: Env | undefined
let database: DbHandle | undefined
let app: App | undefined

/** A failed start says what is wrong and what to do on one line, and exits non-zero without a stack. */
function failStart(err: unknown): never {
  process.stderr.write(
    `blog: cannot start: ${explainStartupFailure(err, { databaseUrl: env?.databaseUrl, dataDir: env?.dataDir, host: env?.host, port: env?.port })}\n`,
  )
  if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace')
    process.stderr.write(`${(err as Error)?.stack ?? String(err)}\n`)
  process.exit(1)
}

limitHeapGrowth()

try {
  env = loadEnv()
  checkDatabaseUrl(env.databaseUrl)
  checkDataDir(env.dataDir)
  database = openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir })
  await migrateWithLock(database)
  app = await buildApp({
    database,
    env,
    logger: {
      level: env.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    pages: publicPages,
    backfillImages: true,
  })
  const { setupToken } = await bootstrap(app.ctx, app.log)
  await app.listen({ port: env.port, host: env.host })
  process.stdout.write(whereToGo(env.publicUrl, setupToken))
} catch (err) {
  failStart(err)
}

const running = app
const db = database
let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  running.log.info({ signal }, 'shutting down: finishing in-flight requests')
  const force = setTimeout(() => {
    running.log.error('shutdown took too long, exiting')
    process.exit(1)
  }, 15_000)
  force.unref()
  try {
    await running.close() // stops accepting, waits for in-flight requests, runs onClose hooks (view flush)
    await db.close()
    process.exit(0)
  } catch (err) {
    running.log.error({ err }, 'error during shutdown')
    process.exit(1)
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

running.log.info(`blog ready on ${env.publicUrl} (${db.engine})`)
// Posts made by an older renderer are rendered again in the background; a page asked for meanwhile renders on demand.
rederiveStalePosts(db.db, running.log).catch((err) => running.log.error({ err }, 'rendering posts again failed'))
