import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { adminCookie, createPost, insertCategory, MINUTE } from './posts.fixtures.ts'

// Pages past the middle of a list are read backwards from its end (pageWindow): every page, in both halves, must
// show exactly the posts the whole list shows there, ties included.
describe('paging through a list, from either end', () => {
  let t: TestApp
  let cookie: string
  const clock = manualClock()
  let code = ''

  beforeAll(async () => {
    t = await createTestApp({ clock })
    cookie = await adminCookie(t)
    code = await insertCategory(t, 'Code', 'code')
    for (let i = 0; i < 23; i++) {
      // Pairs of posts share a publication time, and views repeat, so the id decides among equals.
      if (i % 2 === 0) clock.tick(MINUTE)
      const status = i % 6 === 5 ? 'draft' : 'published'
      const post = await createPost(t, cookie, {
        title: `Post ${i}`,
        content: `Body ${i}`,
        status,
        categoryId: i % 3 === 0 ? null : code,
        tags: [i % 2 ? 'odd' : 'even'],
      })
      await t.app.ctx.db
        .updateTable('posts')
        .set({ views: i % 4 })
        .where('id', '=', post.id)
        .execute()
    }
  })
  afterAll(() => t.close())

  const ids = async (query: string, admin: boolean) => {
    const res = await t.request({ method: 'GET', url: `/api/posts?${query}`, cookie: admin ? cookie : undefined })
    expect(res.statusCode, res.body).toBe(200)
    return { ids: (res.json() as Array<{ id: string }>).map((p) => p.id), total: Number(res.headers['x-total-count']) }
  }

  const lists: Array<[string, boolean]> = []
  for (const sort of ['latest', 'oldest', 'popular']) {
    lists.push([`sort=${sort}`, false], [`sort=${sort}&category=code`, false], [`sort=${sort}&tag=odd`, false])
    lists.push([`sort=${sort}&status=all`, true], [`sort=${sort}&status=draft`, true])
  }

  it.each(lists)('%s', async (query, admin) => {
    const whole = await ids(`${query}&limit=100`, admin)
    expect(whole.ids.length).toBe(whole.total)
    for (const limit of [3, 4, 7]) {
      const paged: string[] = []
      for (let page = 1; page <= Math.ceil(whole.total / limit) + 1; page++)
        paged.push(...(await ids(`${query}&limit=${limit}&page=${page}`, admin)).ids)
      expect(paged, `limit ${limit}`).toEqual(whole.ids)
    }
  })
})
