import { openDatabase } from '../src/server/db/client.ts'
import { migrateWithLock } from '../src/server/db/migrate-with-lock.ts'
import { seedPosts } from './bench/seed-posts.ts'
const d = openDatabase({ dataDir: '/tmp/wt-backup-render-db' })
await migrateWithLock(d)
const t = performance.now()
await seedPosts(d.db, 2000)
console.log('seed 2000', performance.now() - t)
await d.close()
