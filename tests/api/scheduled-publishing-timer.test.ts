import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { adminCookie, createPost, MINUTE } from './posts.fixtures.ts'

/** The app's own timer, looking every 20 ms of real time, on a clock the test moves. */
const EVERY_MS = 20

describe("scheduled publishing: the app's timer publishes a due post with no request asking", () => {
  let t: TestApp
  const clock = manualClock('2026-03-01T09:00:00.000Z')

  beforeAll(async () => {
    t = await createTestApp({ clock, publishEveryMs: EVERY_MS })
  })
  afterAll(() => t.close())

  const statusOf = async (slug: string) =>
    (await t.request({ method: 'GET', url: `/api/posts/slug/${slug}` })).statusCode
  /** Real time for the timer to run at least `runs` times. */
  const timerRuns = (runs: number) => new Promise((resolve) => setTimeout(resolve, EVERY_MS * runs))

  it('keeps the post hidden while its time is ahead, and publishes it once the clock passes it', async () => {
    const cookie = await adminCookie(t)
    const at = new Date(clock().getTime() + MINUTE).toISOString()
    const post = await createPost(t, cookie, {
      title: 'Timer post',
      content: 'Published by the timer.',
      status: 'scheduled',
      publishedAt: at,
    })
    expect(post.status).toBe('scheduled')

    await timerRuns(10)
    clock.tick(MINUTE - 1000)
    await timerRuns(10)
    expect(await statusOf(post.slug)).toBe(404)

    clock.tick(1000)
    // Each answer below is asked after the timer had time to run; the request itself publishes nothing.
    let status = 404
    for (let tries = 0; tries < 200 && status !== 200; tries++) {
      await timerRuns(2)
      status = await statusOf(post.slug)
    }
    expect(status).toBe(200)
    const published = await t.request({ method: 'GET', url: `/api/posts/slug/${post.slug}` })
    expect(published.json()).toMatchObject({ status: 'published', publishedAt: at })
  })
})
