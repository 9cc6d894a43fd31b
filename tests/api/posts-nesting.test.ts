import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_NESTING, TOO_DEEP_MESSAGE } from '#shared/markdown/nesting.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { adminCookie, createPost } from './posts.fixtures.ts'

const nestedList = (levels: number) =>
  Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n')

describe('posts nested to death are refused, never a 500', () => {
  let t: TestApp
  let cookie: string
  beforeAll(async () => {
    t = await createTestApp()
    cookie = await adminCookie(t)
  })
  afterAll(() => t.close())

  it('refuses a 440-level list and 20,000 ">" with a clear 400, on create and on update', async () => {
    const post = await createPost(t, cookie, { title: 'Shallow', content: 'Fine', status: 'published' })
    // The 195 KB post of the report: a 440-level list padded with text.
    const deepList = `${nestedList(440)}\n\n${'Some padding text. '.repeat(7000)}`.slice(0, 195_000)
    for (const content of [deepList, '>'.repeat(20_000), `${'> '.repeat(40)}quote`]) {
      const created = await t.request({
        method: 'POST',
        url: '/api/posts',
        cookie,
        payload: { title: 'Deep', content, status: 'published' },
      })
      expect(created.statusCode, created.body.slice(0, 200)).toBe(400)
      expect(created.json().error).toBe(TOO_DEEP_MESSAGE)
      const updated = await t.request({ method: 'PUT', url: `/api/posts/${post.id}`, cookie, payload: { content } })
      expect(updated.statusCode, updated.body.slice(0, 200)).toBe(400)
      expect(updated.json().error).toBe(TOO_DEEP_MESSAGE)
    }
    expect((await t.request({ method: 'GET', url: `/api/posts/${post.id}` })).json().content).toBe('Fine')
  })

  it('saves and shows a list nested as deep as the limit allows', async () => {
    const post = await createPost(t, cookie, {
      title: 'As deep as allowed',
      content: nestedList(MAX_NESTING),
      status: 'published',
    })
    const row = await t.app.ctx.db
      .selectFrom('posts')
      .select('content_html')
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow()
    expect(row.content_html).toContain(`<li>level ${MAX_NESTING}</li>`)
  })
})
