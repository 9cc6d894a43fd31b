import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { multipartForm } from '#test/support/multipart.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { importAndWait } from '#test/support/import-job.ts'

const AT = '2025-11-20T09:30:00.000Z'
const lexical = JSON.stringify({
  root: {
    type: 'root',
    version: 1,
    children: [
      {
        type: 'paragraph',
        version: 1,
        children: [{ type: 'extended-text', version: 1, text: 'Written in Ghost 6.', format: 0 }],
      },
    ],
  },
})

/** A post as Ghost 6.65's Admin → Settings → Export writes it: every column, and the fields Ghost derives. */
const ghost6Post = (id: string, slug: string, extra: Record<string, unknown> = {}) => ({
  id,
  uuid: `0f0c6a2e-0000-4000-8000-${id.padStart(12, '0')}`,
  title: `Ghost six ${slug}`,
  slug,
  mobiledoc: null,
  lexical,
  html: '<p>Written in Ghost 6.</p>',
  comment_id: id,
  plaintext: 'Written in Ghost 6.',
  feature_image: null,
  featured: false,
  type: 'post',
  status: 'published',
  locale: null,
  visibility: 'public',
  email_recipient_filter: 'all',
  created_at: AT,
  created_by: '1',
  updated_at: AT,
  updated_by: '1',
  published_at: AT,
  published_by: '1',
  custom_excerpt: null,
  codeinjection_head: null,
  codeinjection_foot: null,
  custom_template: null,
  canonical_url: null,
  newsletter_id: null,
  show_title_and_feature_image: true,
  auto_excerpt: 'Written in Ghost 6.',
  reading_time: 1,
  ...extra,
})

const exportOf = (posts: unknown[]) =>
  JSON.stringify({
    db: [
      {
        meta: { exported_on: Date.parse(AT), version: '6.65.0' },
        data: {
          posts,
          posts_meta: [],
          tags: [
            {
              id: 't1',
              name: 'Biology',
              slug: 'biology',
              description: null,
              feature_image: null,
              parent_id: null,
              visibility: 'public',
              og_image: null,
              og_title: null,
              og_description: null,
              twitter_image: null,
              twitter_title: null,
              twitter_description: null,
              meta_title: null,
              meta_description: null,
              codeinjection_head: null,
              codeinjection_foot: null,
              canonical_url: null,
              accent_color: null,
              created_at: AT,
              created_by: '1',
              updated_at: AT,
              updated_by: '1',
            },
          ],
          posts_tags: [{ id: 'pt1', post_id: '1', tag_id: 't1', sort_order: 0 }],
          users: [{ id: '1', name: 'Ghost Writer', slug: 'ghost-writer' }],
          posts_authors: [{ id: 'pa1', post_id: '1', author_id: '1', sort_order: 0 }],
        },
      },
    ],
  })

describe('a Ghost 6.65 export', () => {
  let t: TestApp
  let cookie: string
  beforeEach(async () => {
    t = await createTestApp()
    cookie = await t.login()
  })
  afterEach(async () => t?.close())

  const upload = (body: string) =>
    importAndWait(t, { url: '/api/admin/import', cookie, ...multipartForm({ file: { name: 'ghost.json', body } }) })

  it('with every field a Ghost 6.65 post has is imported; the fields Ghost derives are no warning', async () => {
    const res = await upload(exportOf([ghost6Post('1', 'first'), ghost6Post('2', 'second', { status: 'sent' })]))
    expect(res.statusCode, res.body).toBe(200)
    const report = res.json()
    expect(report.created).toMatchObject({ posts: 2, categories: 1 })
    expect(report.warnings).toEqual([])
    const post = (await t.request({ method: 'GET', url: '/api/posts/slug/first', cookie })).json()
    expect(post).toMatchObject({
      title: 'Ghost six first',
      content: 'Written in Ghost 6.',
      status: 'published',
      category: { name: 'Biology' },
      authorName: 'Ghost Writer',
    })
  })

  it('a field it does not know is a warning when the post has its content where it reads it', async () => {
    const res = await upload(exportOf([ghost6Post('1', 'first', { sentiment_score: 3, ai_summary: 'Short.' })]))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().created.posts).toBe(1)
    expect(res.json().warnings).toEqual([
      'The Ghost export has fields this importer does not know (posts.sentiment_score, posts.ai_summary); they were left out',
    ])
  })

  it('is refused when a post has its content only in a field it does not know', async () => {
    const res = await upload(
      exportOf([ghost6Post('1', 'first', { lexical: null, html: null, plaintext: null, hologram: '{"root":{}}' })]),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatch(/does not know \(posts\.hologram\)/)
    expect((await t.request({ method: 'GET', url: '/api/posts/slug/first', cookie })).statusCode).toBe(404)
  })
})
