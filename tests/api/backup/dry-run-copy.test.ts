import { createWriteStream, existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { readContentVersion } from '#server/cache/content-version.repo.ts'
import { throwawayCopyDir } from '#server/db/throwaway-copy.ts'
import { runImport, writeBackup } from '#server/features/transfer/transfer.service.ts'
import { importAndWait } from '#test/support/import-job.ts'
import { multipartForm } from '#test/support/multipart.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { fillSampleBlog } from './sample-blog.ts'

/**
 * A dry run through the admin (on SQLite written batch by batch into a throwaway copy of the database, on PostgreSQL
 * in one rolled-back transaction) reports what the one-transaction dry run reports, and leaves the live blog and its
 * data folder as it found them.
 */
let source: TestApp
let t: TestApp
let dir: string
let backup: string

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dry-run-copy-'))
  source = await createTestApp({ engine: 'sqlite' })
  await fillSampleBlog(source)
  backup = path.join(dir, 'backup.zip')
  const target = { db: source.app.ctx.db, engine: source.app.ctx.engine, dataDir: source.dataDir }
  await writeBackup(target, createWriteStream(backup), { withSecrets: false, now: new Date() })
  t = await createTestApp()
}, 60_000)

afterAll(async () => {
  await Promise.all([source?.close(), t?.close()])
  await rm(dir, { recursive: true, force: true })
})

/** What the live database holds that an import would change. */
async function liveState() {
  const db = t.app.ctx.db
  const count = async (table: 'posts' | 'images' | 'categories' | 'comments' | 'redirects') =>
    (await db.selectFrom(table).select('id').execute()).length
  return {
    posts: await count('posts'),
    images: await count('images'),
    categories: await count('categories'),
    comments: await count('comments'),
    redirects: await count('redirects'),
    contentVersion: await readContentVersion(db),
  }
}

it('a dry run through the admin gives the one-transaction dry run report, writes nothing and leaves no copy', async () => {
  const cookie = await t.login()
  const before = await liveState()
  // The one transaction rolled back, as `npm run import -- --dry-run` still runs it.
  const expected = await runImport(t.app.ctx.db, { file: backup, dryRun: true, now: new Date() })
  expect(expected).toMatchObject({ dryRun: true, created: { posts: 4, images: 1, comments: 3 } })

  const dry = await importAndWait(t, {
    url: '/api/admin/import?dryRun=1',
    cookie,
    ...multipartForm({ file: { name: 'backup.zip', body: readFileSync(backup) } }),
  })
  expect(dry.statusCode, dry.body).toBe(200)
  expect(dry.json()).toEqual(expected)
  expect(await liveState()).toEqual(before)
  expect(existsSync(throwawayCopyDir(t.dataDir))).toBe(false)
}, 60_000)
