// npm run bench:backup: the backup targets of issue 10, measured with the production command line (it builds nothing
// itself; run `npm run build` first). Seeds a SQLite blog of 20,000 posts (with comments and daily views) and 2,000
// photos, then times `backup-cli.js export` and `backup-cli.js import` into an empty SQLite blog, and (with
// BENCH_DATABASE_URL=postgres://…/postgres) into an empty PostgreSQL database and out of it again. Each run is its
// own process; its peak RSS is the kernel's high-water mark (VmHWM). Targets: each < 2 min, peak RSS < 300 MB.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase, sqliteFile, type Db } from '../src/server/db/client.ts'
import { migrateWithLock } from '../src/server/db/migrate-with-lock.ts'
import { VARIANTS_VERSION } from '../src/server/features/uploads/uploads.service.ts'
import { photo } from './bench/photo.mjs'
import { seedPosts } from './bench/seed-posts.ts'

const POSTS = Number(process.env.BENCH_POSTS ?? 20_000)
const IMAGES = Number(process.env.BENCH_IMAGES ?? 2_000)
const LIMIT_SECONDS = 120
const LIMIT_RSS_MB = 300
const CLI = 'dist/server/backup-cli.js'

if (!existsSync(CLI)) {
  console.error('No production build: run `npm run build` first.')
  process.exit(1)
}

const work = mkdtempSync(path.join(tmpdir(), 'blog-bench-backup-'))
const cleanups: Array<() => Promise<void>> = [async () => rmSync(work, { recursive: true, force: true })]
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)))
async function cleanup() {
  for (const fn of cleanups.reverse()) await fn().catch(() => {})
}

/** Comments, the daily view series and 2,000 distinct photos of about 200 KB (one photo, each copy with its own trailer). */
async function seedEngagementAndImages(db: Db): Promise<void> {
  const posts = await db.selectFrom('posts').select(['id', 'created_at']).orderBy('id').execute()
  const now = new Date().toISOString()
  const comments = posts.map((p, i) => ({
    id: crypto.randomUUID(),
    post_id: p.id,
    author_name: `Reader ${i}`,
    author_email: `r${i}@example.com`,
    content: `Comment number ${i}: thanks for writing this.`,
    is_approved: i % 5 ? 1 : 0,
    ip: null,
    created_at: p.created_at,
    updated_at: p.created_at,
  }))
  const views = posts.slice(0, 2000).flatMap((p) =>
    Array.from({ length: 30 }, (_, d) => ({
      post_id: p.id,
      day: `2026-10-${String(d + 1).padStart(2, '0')}`,
      views: d + 1,
    })),
  )
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < comments.length; i += 500)
      await trx
        .insertInto('comments')
        .values(comments.slice(i, i + 500))
        .execute()
    for (let i = 0; i < views.length; i += 1000)
      await trx
        .insertInto('post_views_daily')
        .values(views.slice(i, i + 1000))
        .execute()
  })
  const base = await photo(1000, 667, 7, 88)
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < IMAGES; i++) {
      // Bytes after the end-of-image marker are ignored by decoders: the same photo, a different file.
      const bytes = Buffer.concat([base, Buffer.from(`bench-${i}`)])
      const file_name = `${createHash('sha256').update(bytes).digest('hex')}.jpg`
      await trx
        .insertInto('images')
        .values({
          id: crypto.randomUUID(),
          file_name,
          mime: 'image/jpeg',
          bytes,
          size: bytes.length,
          width: 1000,
          height: 667,
          created_at: now,
          alt_text: `Photo ${i}`,
          original_name: `photo-${i}.jpg`,
          variants_version: VARIANTS_VERSION,
        })
        .execute()
    }
  })
}

type Measured = { seconds: number; cpuSeconds: number; peakRssMb: number; output: string }

/** Runs the command line as its own process under GNU time: wall and CPU seconds, and the kernel's peak RSS. */
function runCli(args: string[], env: Record<string, string>): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const stats = path.join(work, 'time.txt')
    const child = spawn('/usr/bin/time', ['-o', stats, '-f', '%e %U %S %M', process.execPath, CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => {
      const text = String(d)
      if (!text.includes('\r')) output += text
      else process.stderr.write(`\r\x1b[2K   ${text.split('\r').at(-1)!.replace('\x1b[2K', '').trim()}`)
    })
    child.on('exit', (code) => {
      process.stderr.write('\r\x1b[2K')
      if (code !== 0) return reject(new Error(`${args[0]} failed (${code}):\n${output}`))
      const [wall, user, sys, rssKb] = readFileSync(stats, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number)
      resolve({ seconds: wall!, cpuSeconds: user! + sys!, peakRssMb: rssKb! / 1024, output })
    })
  })
}

const rows: Array<{ step: string; m: Measured }> = []
function report(step: string, m: Measured): void {
  rows.push({ step, m })
  const ok = m.seconds < LIMIT_SECONDS && m.peakRssMb < LIMIT_RSS_MB
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0]
  console.log(
    `   ${step.padEnd(30)} ${m.seconds.toFixed(1).padStart(6)} s wall ${m.cpuSeconds.toFixed(1).padStart(6)} s CPU   peak RSS ${m.peakRssMb.toFixed(0).padStart(4)} MB   ${ok ? 'met' : 'NOT met'} (load average ${load})`,
  )
}
const importedCounts = (m: Measured) => {
  const report = JSON.parse(m.output.slice(m.output.indexOf('{'))) as {
    created: Record<string, number>
    skippedCount: number
  }
  if (report.created.posts !== POSTS || report.created.images !== IMAGES || report.skippedCount)
    throw new Error(`incomplete import: ${JSON.stringify(report)}`)
}

try {
  const source = path.join(work, 'source')
  console.log(`Seeding ${POSTS} posts, ${POSTS} comments, 60,000 daily view rows and ${IMAGES} photos into SQLite…`)
  const seeded = Date.now()
  const database = openDatabase({ databaseUrl: undefined, dataDir: source })
  await migrateWithLock(database)
  await seedPosts(database.db, POSTS)
  await seedEngagementAndImages(database.db)
  await database.close()
  console.log(
    `   seeded in ${((Date.now() - seeded) / 1000).toFixed(0)} s (database ${(statSync(sqliteFile(source)).size / 1024 ** 2).toFixed(0)} MB)\n`,
  )

  const backup = path.join(work, 'backup.zip')
  report('export (SQLite)', await runCli(['export', '--out', backup], { DATA_DIR: source, DATABASE_URL: '' }))
  console.log(`   backup file: ${(statSync(backup).size / 1024 ** 2).toFixed(0)} MB`)
  const restored = await runCli(['import', backup], { DATA_DIR: path.join(work, 'restored'), DATABASE_URL: '' })
  importedCounts(restored)
  report('import into empty SQLite', restored)

  const pgUrl = process.env.BENCH_DATABASE_URL
  if (pgUrl) {
    const name = `bench_backup_${process.pid}`
    const admin = new pg.Client({ connectionString: pgUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    })
    const url = new URL(pgUrl)
    url.pathname = `/${name}`
    const env = { DATA_DIR: path.join(work, 'pg'), DATABASE_URL: url.toString() }
    const intoPg = await runCli(['import', backup], env)
    importedCounts(intoPg)
    report('import into empty PostgreSQL', intoPg)
    report('export (PostgreSQL)', await runCli(['export', '--out', path.join(work, 'from-pg.zip')], env))
  } else {
    console.log('   (set BENCH_DATABASE_URL=postgres://…/postgres to measure PostgreSQL too)')
  }
  const worst = rows.reduce(
    (a, r) => ({ seconds: Math.max(a.seconds, r.m.seconds), rss: Math.max(a.rss, r.m.peakRssMb) }),
    { seconds: 0, rss: 0 },
  )
  console.log(
    `\nSlowest ${worst.seconds.toFixed(1)} s (target < ${LIMIT_SECONDS} s), highest peak RSS ${worst.rss.toFixed(0)} MB (target < ${LIMIT_RSS_MB} MB): ${worst.seconds < LIMIT_SECONDS && worst.rss < LIMIT_RSS_MB ? 'met' : 'NOT met'}`,
  )
} finally {
  await cleanup()
}
