import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { PostCardSchema } from '#shared/schemas/post.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { adminCookie, createPost, MINUTE } from './posts.fixtures.ts'

const Cards = z.array(PostCardSchema)

/** The admin posts list searches with the public full-text search, over every status (issue: "writing test"). */
describe('admin post search', () => {
  let t: TestApp
  let cookie: string
  const clock = manualClock('2026-03-01T09:00:00.000Z')

  beforeAll(async () => {
    t = await createTestApp({ clock })
    cookie = await adminCookie(t)
    const make = async (body: Parameters<typeof createPost>[2]) => {
      clock.tick(MINUTE)
      return createPost(t, cookie, body)
    }
    await make({ title: 'My Long Test Post About Writing', content: 'Drafted slowly.', status: 'draft' })
    await make({
      title: 'Scheduled Writing Test',
      content: 'Out next week.',
      status: 'scheduled',
      publishedAt: new Date(clock().getTime() + 7 * 24 * 60 * MINUTE).toISOString(),
    })
    await make({ title: 'Published notes', content: 'A test of writing in the body.', status: 'published' })
    await make({ title: 'Unrelated', content: 'Nothing to see.', status: 'published' })
  })
  afterAll(() => t.close())

  const titles = async (query: string, asAdmin: boolean) => {
    const res = await t.request({ method: 'GET', url: `/api/posts?${query}`, cookie: asAdmin ? cookie : undefined })
    expect(res.statusCode, res.body).toBe(200)
    return Cards.parse(res.json()).map((c) => c.title)
  }

  it('finds words in any order across every status for the admin, title matches first', async () => {
    const found = await titles('search=writing%20test&status=all', true)
    expect(found.slice(0, 2).sort()).toEqual(['My Long Test Post About Writing', 'Scheduled Writing Test'])
    expect(found[2]).toBe('Published notes')
    expect(found).toHaveLength(3)
  })

  it('narrows a search to one status', async () => {
    expect(await titles('search=writing%20test&status=draft', true)).toEqual(['My Long Test Post About Writing'])
    expect(await titles('search=writing%20test&status=scheduled', true)).toEqual(['Scheduled Writing Test'])
  })

  it('never shows a reader a draft or a scheduled post, whatever the status asked for', async () => {
    expect(await titles('search=writing%20test', false)).toEqual(['Published notes'])
    expect(await titles('search=writing%20test&status=all', false)).toEqual(['Published notes'])
    expect(await titles('search=writing%20test&status=draft', false)).toEqual(['Published notes'])
  })
})
