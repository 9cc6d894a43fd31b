import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { afterEach, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { openDatabase } from '#server/db/client.ts'
import { throwawayCopyDir } from '#server/db/throwaway-copy.ts'
import { loadEnv } from '#server/env.ts'
import { UNAVAILABLE_MESSAGES } from '#server/http/unavailable.ts'
import { largeGhostExport } from '#test/support/ghost-export.ts'
import { importAndWait } from '#test/support/import-job.ts'
import { multipartForm } from '#test/support/multipart.ts'
import { createTestApp, ORIGIN, type TestApp } from '#test/support/test-app.ts'

/** On SQLite an admin dry run writes into a copy of the database under DATA_DIR/dry-run, removed afterwards. */
let t: TestApp
let mounted: string | null = null
afterEach(async () => {
  if (mounted) execFileSync('umount', [mounted])
  mounted = null
  await t?.close()
})

const dryRun = (cookie: string) =>
  importAndWait(t, {
    url: '/api/admin/import?dryRun=1',
    cookie,
    ...multipartForm({ file: { name: 'ghost.json', body: largeGhostExport(150), type: 'application/json' } }),
  })
const postCount = async () => (await t.app.ctx.db.selectFrom('posts').select('id').execute()).length

it('a copy that does not fit on the disk fails the job with the write-failure message (503), not a 500', async () => {
  t = await createTestApp()
  const cookie = await t.login()
  // The copy's folder is a file system far smaller than the database: SQLite answers SQLITE_FULL while copying.
  mounted = throwawayCopyDir(t.dataDir)
  mkdirSync(mounted)
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', mounted])

  const failed = await dryRun(cookie)
  expect(failed.statusCode, failed.body).toBe(503)
  expect(failed.json()).toEqual({ error: UNAVAILABLE_MESSAGES['not-writable'] })
  expect(readdirSync(mounted)).toEqual([])
  expect(await postCount()).toBe(0)

  execFileSync('umount', [mounted])
  mounted = null
  const done = await dryRun(cookie)
  expect(done.statusCode, done.body).toBe(200)
  expect(done.json()).toMatchObject({ dryRun: true, created: { posts: 150 } })
  expect(existsSync(throwawayCopyDir(t.dataDir))).toBe(false)
  expect(await postCount()).toBe(0)
}, 60_000)

it('a copy a crash left behind is removed when the server starts again', async () => {
  t = await createTestApp()
  const left = throwawayCopyDir(t.dataDir)
  mkdirSync(left)
  for (const name of ['blog.sqlite', 'blog.sqlite-wal', 'blog.sqlite-shm'])
    writeFileSync(`${left}/${name}`, 'left over')

  const env = loadEnv({
    NODE_ENV: 'test',
    PUBLIC_URL: ORIGIN,
    SEED_DEMO: '0',
    DATA_DIR: t.dataDir,
    LOG_LEVEL: 'silent',
  })
  const restarted = await buildApp({ database: openDatabase({ dataDir: t.dataDir }), env })
  try {
    await restarted.ready()
    expect(existsSync(left)).toBe(false)
  } finally {
    await restarted.close()
  }
})
