import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { adminPageQuery, approvedPageQuery } from '#server/features/engagement/comments.repo.ts'
import { loadPage } from '#server/ssr/load-page.ts'
import { AdminCommentsPageSchema, PublicCommentSchema } from '#shared/schemas/engagement.ts'
import { nextFromLink } from '#shared/site/comments-page.ts'
import { siteKeys } from '#shared/site/query-keys.ts'
import { planProblems } from '#test/support/query-plan.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { adminCookie, createPost } from './posts.fixtures.ts'

const APPROVED = 20_000
const PENDING = 30
const PageSchema = z.object({ comments: z.array(PublicCommentSchema.strict()), next: z.string().nullable() })

/** A post with 20,000 approved comments (pairs share a time, so the id breaks ties) and a few pending ones. */
describe('comments are paged: 50 at a time, oldest first, whatever their number', () => {
  let t: TestApp
  let admin: string
  let postId: string
  let quietId: string
  const order: string[] = []
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 2) * 1000).toISOString()

  beforeAll(async () => {
    t = await createTestApp()
    admin = await adminCookie(t)
    postId = (await createPost(t, admin, { title: 'Much discussed', status: 'published' })).id
    quietId = (await createPost(t, admin, { title: 'Quiet', status: 'published' })).id
    const rows = Array.from({ length: APPROVED + PENDING }, (_, i) => ({
      id: `c-${String(i).padStart(6, '0')}-${i % 2 ? 'a' : 'b'}`,
      post_id: postId,
      author_name: `Reader ${i}`,
      author_email: null,
      content: `Comment ${i}`,
      is_approved: i < APPROVED ? 1 : 0,
      ip: null,
      created_at: at(i),
      updated_at: at(i),
    }))
    for (let i = 0; i < rows.length; i += 500)
      await t.app.ctx.db
        .insertInto('comments')
        .values(rows.slice(i, i + 500))
        .execute()
    await t.app.ctx.db.updateTable('posts').set({ comment_count: APPROVED }).where('id', '=', postId).execute()
    order.push(
      ...rows
        .filter((r) => r.is_approved)
        .sort((a, b) => a.created_at.localeCompare(b.created_at) || (a.id < b.id ? -1 : 1))
        .map((r) => r.id),
    )
  }, 120_000)
  afterAll(() => t.close())

  const publicPage = async (after?: string) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/posts/${postId}/comments${after ? `?after=${encodeURIComponent(after)}` : ''}`,
    })
    expect(res.statusCode).toBe(200)
    const link = res.headers.link as string | undefined
    return {
      ids: z
        .array(PublicCommentSchema.strict())
        .parse(res.json())
        .map((c) => c.id),
      link,
      next: nextFromLink(link ?? null),
    }
  }

  it('the API answers 50 at a time, oldest first; Link names the next page until the last', async () => {
    const first = await publicPage()
    expect(first.ids).toEqual(order.slice(0, 50))
    expect(first.link).toBe(`</api/posts/${postId}/comments?after=${order[49]}>; rel="next"`)
    const second = await publicPage(first.next!)
    expect(second.ids).toEqual(order.slice(50, 100))
    const last = await publicPage(order.at(-31))
    expect(last.ids).toEqual(order.slice(-30))
    expect(last.link).toBeUndefined()
    // The first page, cached, is never served for another page.
    expect((await publicPage()).ids).toEqual(order.slice(0, 50))
    expect((await publicPage(order[99])).ids).toEqual(order.slice(100, 150))
  })

  it('an `after` that names no approved comment of the post is a 404; a malformed one a 400', async () => {
    const pending = `c-${String(APPROVED).padStart(6, '0')}-b`
    for (const after of [pending, 'missing']) {
      expect((await t.request({ method: 'GET', url: `/api/posts/${postId}/comments?after=${after}` })).statusCode).toBe(
        404,
      )
    }
    expect(
      (await t.request({ method: 'GET', url: `/api/posts/${quietId}/comments?after=${order[0]}` })).statusCode,
    ).toBe(404)
    expect(
      (await t.request({ method: 'GET', url: `/api/posts/${postId}/comments?after=${'x'.repeat(65)}` })).statusCode,
    ).toBe(400)
    expect((await t.request({ method: 'GET', url: `/api/posts/${quietId}/comments` })).json()).toEqual([])
  })

  it('the post page renders the first 50, and `?comments-after=` the page after that comment', async () => {
    const first = await loadPage(t.app.ctx, '/blog/much-discussed', '', { isAdmin: false })
    const page = PageSchema.parse(first.queryClient.getQueryData(siteKeys.comments(postId)))
    expect(page.comments.map((c) => c.id)).toEqual(order.slice(0, 50))
    expect(page.next).toBe(order[49])
    const later = await loadPage(t.app.ctx, '/blog/much-discussed', `?comments-after=${order[149]}`, { isAdmin: false })
    const laterPage = PageSchema.parse(later.queryClient.getQueryData(siteKeys.comments(postId, order[149])))
    expect(laterPage.comments.map((c) => c.id)).toEqual(order.slice(150, 200))
    const gone = await loadPage(t.app.ctx, '/blog/much-discussed', '?comments-after=missing', { isAdmin: false })
    expect(gone.queryClient.getQueryData(siteKeys.comments(postId, 'missing'))).toEqual({ comments: [], next: null })
  })

  it('the admin list is paged newest first and filtered by pending or approved, with each count', async () => {
    const list = async (query: string) => {
      const res = await t.request({ method: 'GET', url: `/api/admin/comments${query}`, cookie: admin })
      expect(res.statusCode).toBe(200)
      return AdminCommentsPageSchema.parse(res.json())
    }
    const all = await list('')
    const counts = { all: APPROVED + PENDING, pending: PENDING, approved: APPROVED }
    expect(all).toMatchObject({ page: 1, totalPages: Math.ceil(counts.all / 50), counts })
    expect(all.comments).toHaveLength(50)
    expect(all.comments.map((c) => c.createdAt)).toEqual(
      all.comments
        .map((c) => c.createdAt)
        .sort()
        .reverse(),
    )
    const pending = await list('?status=pending')
    expect(pending).toMatchObject({ page: 1, totalPages: 1 })
    expect(pending.comments.map((c) => c.isApproved)).toEqual(Array(PENDING).fill(false))
    const approved = await list('?status=approved&page=400')
    expect(approved).toMatchObject({ page: 400, totalPages: 400 })
    expect(approved.comments.map((c) => c.id)).toEqual(order.slice(0, 50).reverse())
    expect((await list('?status=approved&page=9999')).page).toBe(400)
    for (const query of ['?status=spam', '?page=0', '?page=x'])
      expect((await t.request({ method: 'GET', url: `/api/admin/comments${query}`, cookie: admin })).statusCode).toBe(
        400,
      )
  })

  it('every page is an index walk: no scan of all comments, no sort', async () => {
    const { db, engine } = t.app.ctx
    if (engine === 'postgres') await sql`analyze comments`.execute(db)
    const anchor = { created_at: at(10_001), id: order[10_001]! }
    const walks = [
      approvedPageQuery(db, postId, undefined, 51),
      approvedPageQuery(db, postId, anchor, 51),
      adminPageQuery(db, 'approved', 0, 50),
    ]
    for (const query of walks) {
      const { plan, problems } = await planProblems(db, engine, query.compile(), {
        tables: ['comments'],
        ordered: true,
      })
      expect(problems, plan).toEqual([])
    }
    // The few pending ones: read through the index (PostgreSQL may then sort those few rather than walk it in order).
    const pending = await planProblems(db, engine, adminPageQuery(db, 'pending', 0, 50).compile(), {
      tables: ['comments'],
      ordered: engine === 'sqlite',
    })
    expect(pending.problems, pending.plan).toEqual([])
    // All comments, newest first: the walk of an index in that order, which stops after the page.
    const all = await planProblems(db, engine, adminPageQuery(db, 'all', 0, 50).compile(), {
      tables: [],
      ordered: true,
    })
    expect(all.problems, all.plan).toEqual([])
    expect(all.plan).toContain('comments_created_idx')
  })
})
