import { statSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { multipartForm } from '#test/support/multipart.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { zipOf } from '#test/support/zip.ts'
import { importAndWait } from '#test/support/import-job.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => t?.close())

const walBytes = () => {
  try {
    return statSync(path.join(t.dataDir, 'blog.sqlite-wal')).size
  } catch {
    return 0
  }
}

it('a dry run leaves the SQLite write-ahead log no larger than it found it', async () => {
  const cookie = await t.login()
  const body = `${'A paragraph of an imported post that says very little at length. '.repeat(2_500)}\n`
  const files = Object.fromEntries(
    Array.from({ length: 120 }, (_, i) => [`posts/p${i}.md`, `---\ntitle: Post ${i}\n---\n${i} ${body}`]),
  )
  const zip = await zipOf(files)
  const before = walBytes()
  const res = await importAndWait(t, {
    url: '/api/admin/import?dryRun=1',
    cookie,
    ...multipartForm({ file: { name: 'site.zip', body: zip } }),
  })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json()).toMatchObject({ dryRun: true, created: { posts: 120 } })
  expect(walBytes()).toBeLessThanOrEqual(before)
  expect(await t.app.ctx.db.selectFrom('posts').select('id').execute()).toEqual([])
}, 120_000)
