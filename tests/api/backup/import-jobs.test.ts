import { randomBytes } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { openDatabase } from '#server/db/client.ts'
import { loadEnv } from '#server/env.ts'
import { importAndWait, waitForImport } from '#test/support/import-job.ts'
import { multipartForm } from '#test/support/multipart.ts'
import { createTestApp, ORIGIN, type TestApp } from '#test/support/test-app.ts'
import { zipOf } from '#test/support/zip.ts'

const markdownPost = (slug: string) => `---\ntitle: Post ${slug}\nslug: ${slug}\n---\n\nHello from ${slug}.\n`

/** Markdown files of just under 1 MB each: every one fits the bounds, and all of them need far more than a small heap. */
async function largeMarkdownZip(files: number): Promise<Buffer> {
  const lines = ['---\ntitle: A long post\n---\n']
  let size = lines[0]!.length
  while (size < 1000 * 1024) {
    const line = `${'Words of a long post, again and again. '.repeat(6)}${randomBytes(3).toString('hex')}\n`
    lines.push(line)
    size += line.length
  }
  const body = lines.join('')
  return zipOf(Object.fromEntries(Array.from({ length: files }, (_, i) => [`posts/p${i}.md`, body])))
}

/**
 * Thousands of valid posts: writing them takes seconds on any machine, so a 1 s cap is always passed (the large
 * files above are refused as too long for a post, and a fast machine reads 30 MB of them in under a second).
 */
const manyPostsZip = (posts: number) =>
  zipOf(Object.fromEntries(Array.from({ length: posts }, (_, i) => [`posts/p${i}.md`, markdownPost(`many-${i}`)])))

/** Reading in a worker under tsx is slow on a busy machine: these tests wait for jobs to end. */
const SLOW = 120_000

describe('an import through the admin is a job: 202, then polled to its report or its failure', () => {
  let t: TestApp
  afterEach(async () => t?.close())

  const upload = (cookie: string | undefined, name: string, body: Buffer | string, query = '') =>
    t.request({ method: 'POST', url: `/api/admin/import${query}`, cookie, ...multipartForm({ file: { name, body } }) })

  it(
    'answers 202 with the id and where to poll; the job runs to done with the report',
    async () => {
      t = await createTestApp()
      const cookie = await t.login()
      const zip = await zipOf({ 'posts/a.md': markdownPost('first'), 'posts/b.md': markdownPost('second') })
      const res = await upload(cookie, 'site.zip', zip)
      expect(res.statusCode, res.body).toBe(202)
      const { id } = res.json<{ id: string }>()
      expect(res.headers.location).toBe(`/api/admin/imports/${id}`)

      const job = await waitForImport(t, id, cookie)
      expect(job).toMatchObject({
        id,
        status: 'done',
        dryRun: false,
        fileName: 'site.zip',
        format: 'markdown',
        error: null,
      })
      expect(job.report).toMatchObject({ format: 'markdown', created: { posts: 2 } })
      expect(job.startedAt).not.toBeNull()
      expect(job.finishedAt).not.toBeNull()
      const slugs = await t.app.ctx.db.selectFrom('posts').select('slug').orderBy('slug').execute()
      expect(slugs.map((p) => p.slug)).toEqual(['first', 'second'])
      // The upload is gone once the job has ended.
      expect(await readdir(path.join(t.dataDir, 'imports'))).toEqual([])
    },
    SLOW,
  )

  it(
    'the job route needs an admin session; an unknown id is 404',
    async () => {
      t = await createTestApp()
      const cookie = await t.login()
      const res = await upload(cookie, 'site.zip', await zipOf({ 'a.md': markdownPost('one') }))
      const { id } = res.json<{ id: string }>()
      await waitForImport(t, id, cookie)
      const anonymous = await t.request({ method: 'GET', url: `/api/admin/imports/${id}` })
      expect(anonymous.statusCode).toBe(401)
      expect(anonymous.body).not.toContain('one')
      const unknown = await t.request({ method: 'GET', url: `/api/admin/imports/${crypto.randomUUID()}`, cookie })
      expect(unknown.statusCode).toBe(404)
      expect((await t.request({ method: 'GET', url: '/api/admin/imports/x%00y', cookie })).statusCode).toBe(404)
      expect((await upload(undefined, 'site.zip', 'x')).statusCode).toBe(401)
    },
    SLOW,
  )

  it(
    'a second import while one runs answers 409 with a clear message; the first still ends',
    async () => {
      t = await createTestApp()
      const cookie = await t.login()
      const first = await upload(cookie, 'site.zip', await largeMarkdownZip(5), '?dryRun=1')
      expect(first.statusCode).toBe(202)
      const second = await upload(cookie, 'site.zip', await zipOf({ 'a.md': markdownPost('late') }))
      expect(second.statusCode).toBe(409)
      expect(second.json().error).toBe('An import is already running: wait for it to end, then import again')
      const job = await waitForImport(t, first.json().id, cookie)
      expect(job.status).toBe('done')
      expect(
        (
          await importAndWait(t, {
            cookie,
            ...multipartForm({ file: { name: 'a.zip', body: await zipOf({ 'a.md': markdownPost('late') }) } }),
          })
        ).statusCode,
      ).toBe(200)
    },
    SLOW,
  )

  it(
    'past the memory cap the job fails with a clear message, and the server goes on answering',
    async () => {
      t = await createTestApp({ env: { IMPORT_MEMORY_MB: '32' } })
      const cookie = await t.login()
      const res = await importAndWait(t, {
        cookie,
        ...multipartForm({ file: { name: 'site.zip', body: await largeMarkdownZip(50) } }),
      })
      expect(res.statusCode).toBe(413)
      expect(res.json().error).toBe(
        'The import needs more memory than allowed: import the site in parts, or with npm run import on the server',
      )
      expect(res.job).toMatchObject({ status: 'failed', report: null })
      expect((await t.request({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
      expect((await t.request({ method: 'GET', url: '/api/posts' })).json()).toEqual([])
      // The slot is free again: a small import runs.
      const small = await importAndWait(t, {
        cookie,
        ...multipartForm({ file: { name: 'a.zip', body: await zipOf({ 'a.md': markdownPost('small') }) } }),
      })
      expect(small.statusCode, small.body).toBe(200)
    },
    SLOW,
  )

  it(
    'past the time cap the worker is ended, the job fails with a clear message and nothing is written',
    async () => {
      t = await createTestApp({ env: { IMPORT_TIME_LIMIT: '1s' } })
      const cookie = await t.login()
      const res = await importAndWait(t, {
        cookie,
        ...multipartForm({ file: { name: 'site.zip', body: await manyPostsZip(5000) } }),
      })
      expect(res.statusCode).toBe(413)
      expect(res.json().error).toMatch(/^The import took too long \(more than 1 s\)/)
      expect((await t.request({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
      expect(await t.app.ctx.db.selectFrom('posts').select('id').execute()).toEqual([])
      expect(await readdir(path.join(t.dataDir, 'imports'))).toEqual([])
    },
    SLOW,
  )

  it(
    'a job left running by a crash is failed when the server starts again',
    async () => {
      t = await createTestApp()
      const cookie = await t.login()
      const minuteAgo = new Date(Date.now() - 60_000).toISOString()
      const id = crypto.randomUUID()
      await t.app.ctx.db
        .insertInto('import_jobs')
        .values({
          id,
          status: 'running',
          dry_run: 0,
          file_name: 'site.zip',
          progress_done: 3,
          created_at: minuteAgo,
          started_at: minuteAgo,
          heartbeat_at: minuteAgo,
        })
        .execute()

      const handle = t.databaseUrl
        ? openDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir })
        : openDatabase({ dataDir: t.dataDir })
      const env = loadEnv({
        NODE_ENV: 'test',
        PUBLIC_URL: ORIGIN,
        SEED_DEMO: '0',
        DATA_DIR: t.dataDir,
        LOG_LEVEL: 'silent',
      })
      const restarted = await buildApp({ database: handle, env })
      try {
        await restarted.ready()
        const row = await t.app.ctx.db
          .selectFrom('import_jobs')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
        expect(row).toMatchObject({ status: 'failed', error: 'The server restarted during the import' })
        expect(row.finished_at).not.toBeNull()
      } finally {
        await restarted.close()
        await handle.close()
      }
      const job = (await t.request({ method: 'GET', url: `/api/admin/imports/${id}`, cookie })).json()
      expect(job).toMatchObject({ status: 'failed', error: 'The server restarted during the import' })
      // It no longer holds the slot.
      const res = await importAndWait(t, {
        cookie,
        ...multipartForm({ file: { name: 'a.zip', body: await zipOf({ 'a.md': markdownPost('after') }) } }),
      })
      expect(res.statusCode, res.body).toBe(200)
    },
    SLOW,
  )
})
