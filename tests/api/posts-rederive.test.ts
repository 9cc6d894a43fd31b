import { describe, expect, it } from 'vitest'
import { createPost } from './posts.fixtures.ts'
import { rederiveStalePosts } from '#server/features/posts/posts.service.ts'
import { adminAppForAll } from './helpers.ts'

describe('posts are rendered when saved, and again when the renderer changes', () => {
  const t = adminAppForAll()

  it('stores the HTML and sections at save; reading does no rendering', async () => {
    const post = await createPost(t, t.cookie, {
      title: 'Stored',
      content: '## One\n\ntext\n\n## Two',
      status: 'published',
    })
    const row = await t.app.ctx.db
      .selectFrom('posts')
      .select(['content_html', 'headings'])
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow()
    expect(row.content_html).toContain('<h2')
    expect(JSON.parse(row.headings)).toEqual([
      { level: 2, text: 'One', id: 'one' },
      { level: 2, text: 'Two', id: 'two' },
    ])
    // What the page serves is what was stored, not a fresh render.
    await t.app.ctx.db
      .updateTable('posts')
      .set({ content_html: '<p>stored copy</p>' })
      .where('id', '=', post.id)
      .execute()
    expect((await t.request({ method: 'GET', url: `/api/posts/slug/${post.slug}` })).json().contentHtml).toBe(
      '<p>stored copy</p>',
    )
  })

  it('renders posts of an older renderer again in the background, and on demand meanwhile', async () => {
    const a = await createPost(t, t.cookie, { title: 'Old A', content: 'Alpha **bold** words', status: 'published' })
    const b = await createPost(t, t.cookie, { title: 'Old B', content: 'Beta words', status: 'published' })
    const db = t.app.ctx.db
    await db
      .updateTable('posts')
      .set({ content_html: '', headings: '[]', render_version: 0 })
      .where('id', 'in', [a.id, b.id])
      .execute()
    await db.deleteFrom('post_search').where('post_id', 'in', [a.id, b.id]).execute()

    const onDemand = (await t.request({ method: 'GET', url: `/api/posts/slug/${a.slug}` })).json()
    expect(onDemand.contentHtml).toContain('<strong>bold</strong>')

    const silent = { info: () => {}, error: () => {} } as never
    expect(await rederiveStalePosts(db, silent)).toBe(2)
    expect(await rederiveStalePosts(db, silent)).toBe(0)
    const rows = await db
      .selectFrom('posts')
      .select(['id', 'content_html', 'render_version'])
      .where('id', 'in', [a.id, b.id])
      .execute()
    expect(rows.every((r) => r.content_html.includes('words') && r.render_version > 0)).toBe(true)
    expect(
      (await t.request({ method: 'GET', url: '/api/posts?search=beta' })).json().map((p: { id: string }) => p.id),
    ).toEqual([b.id])
    expect(
      (await t.request({ method: 'GET', url: '/api/posts?search=alpha' })).json().map((p: { id: string }) => p.id),
    ).toEqual([a.id])
  })
})
