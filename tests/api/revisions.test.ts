import { describe, expect, it } from 'vitest'
import { formFromPost } from '#shared/post-draft.ts'
import { AutosaveSchema, RevisionSchema, RevisionSummarySchema } from '#shared/schemas/revision.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { createPost, insertCategory, MINUTE } from './posts.fixtures.ts'
import { MAX_REVISION_BYTES, MAX_REVISIONS } from '#server/features/revisions/revisions.service.ts'
import { adminAppForAll } from './helpers.ts'

describe('autosave and revisions', () => {
  const clock = manualClock()
  const t = adminAppForAll({ clock })

  const put = (id: string, payload: object) =>
    t.request({ method: 'PUT', url: `/api/posts/${id}`, cookie: t.cookie, payload })
  const autosave = (key: string, form: object) =>
    t.request({ method: 'PUT', url: `/api/autosaves/${key}`, cookie: t.cookie, payload: { form } })
  const revisions = async (id: string) => {
    const res = await t.request({ method: 'GET', url: `/api/posts/${id}/revisions`, cookie: t.cookie })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().map((r: unknown) => RevisionSummarySchema.parse(r))
  }

  it('keeps the working copy apart: readers see the published text until "Update Post"', async () => {
    const post = await createPost(t, t.cookie, { title: 'Live', content: 'Published words.', status: 'published' })
    clock.tick(MINUTE)
    const saved = await autosave(post.id, { ...formFromPost(post), content: 'Half-written new words.' })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(AutosaveSchema.parse(saved.json()).savedAt).toBe(clock().toISOString())

    const reader = await t.request({ method: 'GET', url: `/api/posts/slug/${post.slug}` })
    expect(reader.json().content).toBe('Published words.')
    const back = await t.request({ method: 'GET', url: `/api/autosaves/${post.id}`, cookie: t.cookie })
    expect(back.json().form.content).toBe('Half-written new words.')

    // A real save publishes the text and ends the working copy.
    expect((await put(post.id, { content: 'Half-written new words.' })).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: `/api/posts/slug/${post.slug}` })).json().content).toBe(
      'Half-written new words.',
    )
    // No working copy is not an error: 200 with null, so the editor's console stays clean.
    const none = await t.request({ method: 'GET', url: `/api/autosaves/${post.id}`, cookie: t.cookie })
    expect([none.statusCode, none.json()]).toEqual([200, null])
  })

  it('autosaves a post not created yet under "new", dropped when a post is created', async () => {
    const form = { ...formFromPost(null), content: 'Started, no title yet' }
    expect((await autosave('new', form)).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: '/api/autosaves/new', cookie: t.cookie })).json().form.content).toBe(
      'Started, no title yet',
    )
    await createPost(t, t.cookie, { title: 'Now it has one' })
    const none = await t.request({ method: 'GET', url: '/api/autosaves/new', cookie: t.cookie })
    expect([none.statusCode, none.json()]).toEqual([200, null])
  })

  it('refuses bad autosaves and unknown posts, and is admin-only', async () => {
    const post = await createPost(t, t.cookie, { title: 'Guarded' })
    expect((await autosave(post.id, { title: 'x' })).statusCode).toBe(400)
    expect((await autosave(post.id, { ...formFromPost(post), content: 'x'.repeat(200_001) })).statusCode).toBe(400)
    expect((await autosave('no-such-post', formFromPost(post))).statusCode).toBe(404)
    for (const [method, url] of [
      ['GET', `/api/autosaves/${post.id}`],
      ['PUT', `/api/autosaves/${post.id}`],
      ['DELETE', `/api/autosaves/${post.id}`],
      ['GET', `/api/posts/${post.id}/revisions`],
      ['GET', `/api/posts/${post.id}/revisions/x`],
      ['POST', `/api/posts/${post.id}/revisions/x/restore`],
    ] as const) {
      expect(
        (await t.request({ method, url, payload: method === 'PUT' ? { form: formFromPost(post) } : undefined }))
          .statusCode,
        `${method} ${url}`,
      ).toBe(401)
    }
    expect((await t.request({ method: 'DELETE', url: `/api/autosaves/${post.id}`, cookie: t.cookie })).statusCode).toBe(
      204,
    )
  })

  it('keeps a revision per save (not for a save that changed nothing), newest first', async () => {
    const post = await createPost(t, t.cookie, { title: 'Versions', content: 'one' })
    clock.tick(MINUTE)
    await put(post.id, { content: 'two' })
    clock.tick(MINUTE)
    await put(post.id, { content: 'two' })
    clock.tick(MINUTE)
    await put(post.id, { title: 'Versions, renamed', content: 'three' })
    const list = await revisions(post.id)
    expect(list.map((r: { title: string }) => r.title)).toEqual(['Versions, renamed', 'Versions', 'Versions'])
    const oldest = await t.request({
      method: 'GET',
      url: `/api/posts/${post.id}/revisions/${list[2].id}`,
      cookie: t.cookie,
    })
    expect(RevisionSchema.parse(oldest.json()).form.content).toBe('one')
  })

  it('keeps at most 50 revisions, and bounds their total size for huge posts', async () => {
    const post = await createPost(t, t.cookie, { title: 'Busy', content: 'v0' })
    for (let i = 1; i <= MAX_REVISIONS + 5; i++) {
      clock.tick(1000)
      await put(post.id, { content: `v${i}` })
    }
    const list = await revisions(post.id)
    expect(list).toHaveLength(MAX_REVISIONS)
    const newest = await t.request({
      method: 'GET',
      url: `/api/posts/${post.id}/revisions/${list[0].id}`,
      cookie: t.cookie,
    })
    expect(newest.json().form.content).toBe(`v${MAX_REVISIONS + 5}`)

    const huge = await createPost(t, t.cookie, { title: 'Huge', content: 'a'.repeat(190_000) })
    for (let i = 0; i < 15; i++) {
      clock.tick(1000)
      await put(huge.id, { content: `${String(i)}${'b'.repeat(190_000)}` })
    }
    const bounded = await revisions(huge.id)
    expect(bounded.reduce((sum: number, r: { size: number }) => sum + r.size, 0)).toBeLessThanOrEqual(
      MAX_REVISION_BYTES,
    )
    expect(bounded.length).toBeGreaterThan(1)
  })

  it('restores a revision as the working copy, validated like a save', async () => {
    const categoryId = await insertCategory(t, 'Doomed')
    const post = await createPost(t, t.cookie, {
      title: 'Restore me',
      slug: 'restore-me',
      content: 'first text',
      categoryId,
      status: 'published',
    })
    clock.tick(MINUTE)
    await put(post.id, { content: 'second text', categoryId: null })
    const [, first] = await revisions(post.id)

    const restored = await t.request({
      method: 'POST',
      url: `/api/posts/${post.id}/revisions/${first.id}/restore`,
      cookie: t.cookie,
    })
    expect(restored.statusCode, restored.body).toBe(200)
    expect(restored.json().form.content).toBe('first text')
    // The published post is untouched until saved.
    expect((await t.request({ method: 'GET', url: `/api/posts/slug/restore-me` })).json().content).toBe('second text')
    expect(
      (await t.request({ method: 'GET', url: `/api/autosaves/${post.id}`, cookie: t.cookie })).json().form.content,
    ).toBe('first text')

    // Its category is gone now: refused with a message, like a save would be.
    await t.app.ctx.db.deleteFrom('categories').where('id', '=', categoryId).execute()
    const refused = await t.request({
      method: 'POST',
      url: `/api/posts/${post.id}/revisions/${first.id}/restore`,
      cookie: t.cookie,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error).toMatch(/category/)

    // Its slug taken by another post meanwhile: 409.
    clock.tick(MINUTE)
    await put(post.id, { slug: 'restore-me-moved' })
    await createPost(t, t.cookie, { title: 'Squatter', slug: 'restore-me' })
    const [, second] = await revisions(post.id)
    const taken = await t.request({
      method: 'POST',
      url: `/api/posts/${post.id}/revisions/${second.id}/restore`,
      cookie: t.cookie,
    })
    expect(taken.statusCode).toBe(409)

    expect(
      (await t.request({ method: 'POST', url: `/api/posts/${post.id}/revisions/nope/restore`, cookie: t.cookie }))
        .statusCode,
    ).toBe(404)
  })

  it('autosaves do not empty the public response cache', async () => {
    const post = await createPost(t, t.cookie, { title: 'Cached', status: 'published' })
    await t.request({ method: 'GET', url: '/api/posts' })
    await t.request({ method: 'GET', url: '/api/posts' }) // stored on its second read
    expect((await t.request({ method: 'GET', url: '/api/posts' })).headers['x-cache']).toBe('HIT')
    await autosave(post.id, formFromPost(post))
    expect((await t.request({ method: 'GET', url: '/api/posts' })).headers['x-cache']).toBe('HIT')
  })
})
