import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadEnv } from '#server/env.ts'
import { adminCookie, createPost } from './posts.fixtures.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'

describe('X-Forwarded-For is not trusted unless TRUST_PROXY says so', () => {
  let t: TestApp
  let postId: string
  beforeAll(async () => {
    t = await createTestApp()
    const post = await createPost(t, await adminCookie(t), { title: 'Throttled', content: 'Body', status: 'published' })
    postId = post.id
  })
  afterAll(() => t.close())

  it('a client cannot dodge the per-IP comment throttle by inventing addresses', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const res = await t.request({
        method: 'POST',
        url: `/api/posts/${postId}/comments`,
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { content: `comment ${i}` },
      })
      statuses.push(res.statusCode)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
  })

  it('parses TRUST_PROXY', () => {
    expect(loadEnv({}).trustProxy).toBe(false)
    expect(loadEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1')
  })
})
