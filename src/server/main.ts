import { buildApp } from './app.ts'
import { openDatabase } from './db/client.ts'
import { migrateWithLock } from './db/migrate-with-lock.ts'
import { loadEnv } from './env.ts'
import { bootstrap } from './features/seed/bootstrap.ts'
import { rederiveStalePosts } from './features/posts/posts.rederive.ts'
import { publicPages } from './ssr/pages.ts'

// The only file that listens. Everything else is buildable and injectable for tests.
const env = loadEnv()
const database = openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir })
await migrateWithLock(database)

const app = await buildApp({
  database,
  env,
  logger: {
    level: env.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  },
  pages: publicPages,
  backfillImages: true,
})
await bootstrap(app.ctx, app.log)

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down: finishing in-flight requests')
  const force = setTimeout(() => {
    app.log.error('shutdown took too long, exiting')
    process.exit(1)
  }, 15_000)
  force.unref()
  try {
    await app.close() // stops accepting, waits for in-flight requests, runs onClose hooks (view flush)
    await database.close()
    process.exit(0)
  } catch (err) {
    app.log.error({ err }, 'error during shutdown')
    process.exit(1)
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

await app.listen({ port: env.port, host: env.host })
app.log.info(`blog ready on ${env.publicUrl} (${database.engine})`)
// Posts made by an older renderer are rendered again in the background; a page asked for meanwhile renders on demand.
rederiveStalePosts(database.db, app.log).catch((err) => app.log.error({ err }, 'rendering posts again failed'))
