import { describe, expect, it } from 'vitest'
import { PostDetailSchema } from '#shared/schemas/post.ts'
import { PreviewLinkSchema } from '#shared/schemas/preview.ts'
import { createPost } from './posts.fixtures.ts'
import { adminAppForAll } from './helpers.ts'

describe('shareable draft previews', () => {
  const t = adminAppForAll()

  const link = (id: string, method: 'GET' | 'POST' | 'DELETE', withCookie = true) =>
    t.request({ method, url: `/api/posts/${id}/preview-link`, cookie: withCookie ? t.cookie : undefined })
  const tokenOf = (path: string) => path.split('/').pop() ?? ''

  it('makes one secret link per post that shows the draft to anyone holding it, never cached or indexed', async () => {
    const draft = await createPost(t, t.cookie, { title: 'Secret draft', content: '## Plan\n\nNot yet.' })
    // No link yet is not an error: 200 with null.
    const none = await link(draft.id, 'GET')
    expect([none.statusCode, none.json()]).toEqual([200, null])
    const made = await link(draft.id, 'POST')
    expect(made.statusCode).toBe(200)
    const { path } = PreviewLinkSchema.parse(made.json())
    expect(path).toMatch(/^\/preview\/[A-Za-z0-9_-]{32}$/)
    expect(PreviewLinkSchema.parse((await link(draft.id, 'POST')).json()).path).toBe(path)
    expect(PreviewLinkSchema.parse((await link(draft.id, 'GET')).json()).path).toBe(path)

    // The draft stays private everywhere else.
    expect((await t.request({ method: 'GET', url: `/api/posts/slug/${draft.slug}` })).statusCode).toBe(404)

    for (let i = 0; i < 2; i++) {
      const shown = await t.request({ method: 'GET', url: `/api/previews/${tokenOf(path)}` })
      expect(shown.statusCode).toBe(200)
      expect(PostDetailSchema.parse(shown.json())).toMatchObject({ title: 'Secret draft', status: 'draft' })
      expect(shown.headers['cache-control']).toBe('private, no-store')
      expect(shown.headers['x-robots-tag']).toMatch(/noindex/)
      expect(shown.headers['x-cache']).toBeUndefined()
    }
  })

  it('stops working once revoked, and a new link is a new secret', async () => {
    const draft = await createPost(t, t.cookie, { title: 'Revoked draft' })
    const first = PreviewLinkSchema.parse((await link(draft.id, 'POST')).json()).path
    expect((await link(draft.id, 'DELETE')).statusCode).toBe(204)
    expect((await t.request({ method: 'GET', url: `/api/previews/${tokenOf(first)}` })).statusCode).toBe(404)
    expect((await link(draft.id, 'DELETE')).statusCode).toBe(404)
    const second = PreviewLinkSchema.parse((await link(draft.id, 'POST')).json()).path
    expect(second).not.toBe(first)
  })

  it('answers 404 for unknown or malformed tokens and unknown posts, 401 to anonymous link management', async () => {
    expect((await t.request({ method: 'GET', url: `/api/previews/${'a'.repeat(32)}` })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: '/api/previews/short' })).statusCode).toBe(400)
    expect((await link('no-such-post', 'POST')).statusCode).toBe(404)
    expect((await link('no-such-post', 'GET')).statusCode).toBe(404)
    const draft = await createPost(t, t.cookie, { title: 'Guarded draft' })
    for (const method of ['GET', 'POST', 'DELETE'] as const)
      expect((await link(draft.id, method, false)).statusCode).toBe(401)
  })

  it('a deleted post takes its link with it', async () => {
    const draft = await createPost(t, t.cookie, { title: 'Deleted draft' })
    const path = PreviewLinkSchema.parse((await link(draft.id, 'POST')).json()).path
    expect((await t.request({ method: 'DELETE', url: `/api/posts/${draft.id}`, cookie: t.cookie })).statusCode).toBe(
      204,
    )
    expect((await t.request({ method: 'GET', url: `/api/previews/${tokenOf(path)}` })).statusCode).toBe(404)
  })
})
