import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { TAKEN_BACK } from '#server/features/transfer/transfer.service.ts'
import { largeGhostExport } from '#test/support/ghost-export.ts'
import { importAndWait } from '#test/support/import-job.ts'
import { multipartForm } from '#test/support/multipart.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'

/** More posts than one batch holds, so the refused one stops the import after two batches were committed. */
const POSTS = 350
const REFUSED = 'imported-ghost-post-250'
const SLOW = 120_000

/** The database itself refuses one post, as a full disk or a constraint this importer did not foresee would. */
async function refusePost(t: TestApp, slug: string, refuse: boolean): Promise<void> {
  const db = t.app.ctx.db
  if (!t.databaseUrl) {
    await sql
      .raw(
        refuse
          ? `create trigger refuse_post before insert on posts when new.slug = '${slug}' begin select raise(abort, 'refused by the test'); end`
          : 'drop trigger refuse_post',
      )
      .execute(db)
    return
  }
  if (!refuse) return void (await sql.raw('drop trigger refuse_post on posts').execute(db))
  await sql
    .raw(
      `create or replace function refuse_post() returns trigger language plpgsql as $$ begin if new.slug = '${slug}' then raise exception 'refused by the test'; end if; return new; end $$`,
    )
    .execute(db)
  await sql
    .raw('create trigger refuse_post before insert on posts for each row execute function refuse_post()')
    .execute(db)
}

/** The published posts every listing counter holds, against the rows. */
async function countersAgreeWithRows(t: TestApp) {
  const db = t.app.ctx.db
  const published = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'published')
    .executeTakeFirstOrThrow()
  const counter = await db.selectFrom('post_counts').select('n').where('key', '=', 'published').executeTakeFirst()
  const tags = await db
    .selectFrom('post_counts')
    .select(['key', 'n'])
    .where('key', 'like', 'tag:%')
    .where('n', '>', 0)
    .execute()
  return { rows: Number(published.n), counter: Number(counter?.n ?? 0), tagsCounted: tags.length }
}

describe('an import through the admin commits batch by batch; a failure halfway takes its posts back', () => {
  let t: TestApp
  afterEach(async () => t?.close())

  const ghostUpload = (cookie: string) =>
    importAndWait(t, {
      url: '/api/admin/import',
      cookie,
      ...multipartForm({ file: { name: 'ghost.json', body: largeGhostExport(POSTS), type: 'application/json' } }),
    })

  it(
    'a post the database refuses halfway fails the job, saying the posts were taken back; the same file then imports whole',
    async () => {
      t = await createTestApp()
      const cookie = await t.login()
      await refusePost(t, REFUSED, true)

      const failed = await ghostUpload(cookie)
      expect(failed.statusCode).toBe(500)
      expect(failed.json().error).toBe(`The import failed on the server. ${TAKEN_BACK}`)
      // The batches committed before the refusal are gone again, and the counters agree.
      expect(await countersAgreeWithRows(t)).toEqual({ rows: 0, counter: 0, tagsCounted: 0 })
      const listed = await t.request({ method: 'GET', url: '/api/posts?limit=1&status=all', cookie })
      expect(listed.headers['x-total-count']).toBe('0')

      await refusePost(t, REFUSED, false)
      const done = await ghostUpload(cookie)
      expect(done.statusCode, done.body).toBe(200)
      // The categories the failed run added stayed: they are merged, not added twice.
      expect(done.json()).toMatchObject({
        format: 'ghost',
        created: { posts: POSTS, redirects: POSTS, categories: 0 },
        skippedCount: 0,
      })
      expect(await countersAgreeWithRows(t)).toEqual({ rows: POSTS, counter: POSTS, tagsCounted: 30 })
      const old = await t.request({ method: 'GET', url: `/${REFUSED}/` })
      expect(old.statusCode).toBe(301)
      expect(old.headers.location).toBe(`/blog/${REFUSED}`)
    },
    SLOW,
  )

  it(
    'a dry run still writes nothing',
    async () => {
      t = await createTestApp()
      const cookie = await t.login()
      const dry = await importAndWait(t, {
        url: '/api/admin/import?dryRun=1',
        cookie,
        ...multipartForm({ file: { name: 'ghost.json', body: largeGhostExport(POSTS), type: 'application/json' } }),
      })
      expect(dry.statusCode, dry.body).toBe(200)
      expect(dry.json()).toMatchObject({ dryRun: true, created: { posts: POSTS } })
      expect(await countersAgreeWithRows(t)).toEqual({ rows: 0, counter: 0, tagsCounted: 0 })
      const categories = await t.app.ctx.db.selectFrom('categories').select('id').execute()
      expect(categories).toHaveLength(0)
    },
    SLOW,
  )
})
