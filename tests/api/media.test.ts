import { beforeAll, describe, expect, it } from 'vitest'
import { tinyPng } from '#test/support/test-images.ts'
import { adminAppForAll, multipart } from './helpers.ts'

const t = adminAppForAll()

const as = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url, cookie: t.cookie, payload })
const upload = async (w: number, h: number, name = 'x.png') => {
  const res = await t.request({
    method: 'POST',
    url: '/api/upload-image',
    cookie: t.cookie,
    ...multipart('image', name, 'image/png', tinyPng(w, h)),
  })
  expect(res.statusCode).toBe(201)
  return res.json().url as string
}
const list = async (query = '') => (await as('GET', `/api/admin/media${query}`)).json()
const itemOf = async (url: string) => (await list('?limit=100')).items.find((i: { url: string }) => i.url === url)
const createPost = async (title: string, content: string, status = 'published', featuredImage?: string) => {
  const res = await as('POST', '/api/posts', { title, content, status, ...(featuredImage ? { featuredImage } : {}) })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}
const variantCount = async (url: string) =>
  (
    await t.app.ctx.db
      .selectFrom('image_variants')
      .select('file_name')
      .where('file_name', 'like', `${url.slice(9, 73)}-%`)
      .execute()
  ).length

describe('GET /api/admin/media', () => {
  let inPost: string
  let inPage: string
  let unused: string
  let postId: string
  beforeAll(async () => {
    inPost = await upload(11, 7, 'diagram.png')
    inPage = await upload(12, 7)
    unused = await upload(13, 7)
    postId = (await createPost('Uses one', `Intro\n\n![a diagram](${inPost})`)).id
    const page = await as('POST', '/api/footer-pages', { title: 'About', slug: 'about', content: 'Who we are' })
    expect(page.statusCode).toBe(201)
    expect(
      (
        await as('PUT', `/api/footer-pages/${page.json().id}`, {
          title: 'About',
          content: 'Who we are',
          featuredImage: inPage,
        })
      ).statusCode,
    ).toBe(200)
  })

  it('lists uploads newest first with size, dimensions and the posts and pages showing them', async () => {
    const body = await list()
    expect(body.total).toBeGreaterThanOrEqual(3)
    expect(body.items.slice(0, 3).map((i: { url: string }) => i.url)).toEqual([unused, inPage, inPost])
    const item = await itemOf(inPost)
    expect(item).toMatchObject({
      originalName: 'diagram.png',
      mime: 'image/png',
      width: 11,
      height: 7,
      frames: 1,
      altText: '',
      size: expect.any(Number),
    })
    expect(item.uses).toEqual([{ kind: 'post', id: postId, title: 'Uses one', slug: 'uses-one', published: true }])
    expect((await itemOf(inPage)).uses).toEqual([
      expect.objectContaining({ kind: 'page', title: 'About', slug: 'about', published: true }),
    ])
    expect((await itemOf(unused)).uses).toEqual([])
  })

  it('filters unused images, and a use ends when the content no longer shows the picture', async () => {
    const urls = (await list('?filter=unused&limit=100')).items.map((i: { url: string }) => i.url)
    expect(urls).toContain(unused)
    expect(urls).not.toContain(inPost)
    expect(urls).not.toContain(inPage)
    // The content's first image was also taken as the featured image: the post keeps using it until that goes too.
    expect((await as('PUT', `/api/posts/${postId}`, { content: 'No picture any more' })).statusCode).toBe(200)
    expect((await list('?filter=unused&limit=100')).items.map((i: { url: string }) => i.url)).not.toContain(inPost)
    expect((await as('PUT', `/api/posts/${postId}`, { featuredImage: '' })).statusCode).toBe(200)
    expect((await list('?filter=unused&limit=100')).items.map((i: { url: string }) => i.url)).toContain(inPost)
    // A featured image counts as a use too; deleting the post ends it.
    const other = await createPost('Featured only', 'Text', 'draft', inPost)
    expect((await itemOf(inPost)).uses).toEqual([expect.objectContaining({ id: other.id, published: false })])
    expect((await as('DELETE', `/api/posts/${other.id}`)).statusCode).toBe(204)
    expect((await itemOf(inPost)).uses).toEqual([])
  })

  it('pages through the library and validates the query', async () => {
    const first = await list('?limit=1&page=1')
    const second = await list('?limit=1&page=2')
    expect(first.items).toHaveLength(1)
    expect(second.items[0].id).not.toBe(first.items[0].id)
    expect((await as('GET', '/api/admin/media?filter=nope')).statusCode).toBe(400)
    expect((await as('GET', '/api/admin/media?limit=1000')).statusCode).toBe(400)
  })
})

describe('PATCH /api/admin/media/:id (alt text)', () => {
  it('saves the alt text, trimmed, which uploads of the same picture then return', async () => {
    const url = await upload(14, 7)
    const { id } = await itemOf(url)
    const res = await as('PATCH', `/api/admin/media/${id}`, { altText: '  A small test gradient ' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id, altText: 'A small test gradient' })
    const again = await t.request({
      method: 'POST',
      url: '/api/upload-image',
      cookie: t.cookie,
      ...multipart('image', 'x.png', 'image/png', tinyPng(14, 7)),
    })
    expect(again.json().alt).toBe('A small test gradient')
  })

  it('reaches the posts already showing the picture: where they had none or the old words, not the writer’s own', async () => {
    const url = await upload(23, 9)
    const { id } = await itemOf(url)
    expect((await as('PATCH', `/api/admin/media/${id}`, { altText: 'Old words' })).statusCode).toBe(200)
    const post = await createPost('Shows it', `![](${url})\n\n![Old words](${url})\n\n![Mine](${url})`)
    const res = await as('PATCH', `/api/admin/media/${id}`, { altText: 'New words' })
    expect(res.statusCode).toBe(200)
    const after = (await as('GET', `/api/posts/${post.id}`)).json()
    expect(after.content).toBe(`![New words](${url})\n\n![New words](${url})\n\n![Mine](${url})`)
    const page = await t.request({ method: 'GET', url: `/api/posts/slug/${post.slug}` })
    expect(page.json().contentHtml).toContain('alt="New words"')
  })

  it('answers 400 for too long alt text and 404 for an unknown image', async () => {
    const { id } = await itemOf(await upload(15, 7))
    expect((await as('PATCH', `/api/admin/media/${id}`, { altText: 'x'.repeat(301) })).statusCode).toBe(400)
    expect((await as('PATCH', `/api/admin/media/${id}`, {})).statusCode).toBe(400)
    expect((await as('PATCH', `/api/admin/media/${crypto.randomUUID()}`, { altText: 'x' })).statusCode).toBe(404)
  })
})

describe('DELETE /api/admin/media/:id', () => {
  it('deletes an unused image with its variants', async () => {
    const url = await upload(16, 7)
    const { id } = await itemOf(url)
    expect(await variantCount(url)).toBeGreaterThan(0)
    expect((await as('DELETE', `/api/admin/media/${id}`)).statusCode).toBe(204)
    expect(await itemOf(url)).toBeUndefined()
    expect(await variantCount(url)).toBe(0)
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(404)
    expect((await as('DELETE', `/api/admin/media/${id}`)).statusCode).toBe(404)
  })

  it('refuses while a published page shows it (409 naming it) unless confirmed; the post still renders', async () => {
    const url = await upload(17, 7)
    const post = await createPost('Shows the picture', `![x](${url})\n\nText after.`)
    const { id } = await itemOf(url)
    const refused = await as('DELETE', `/api/admin/media/${id}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      error: 'This image is used by published pages ("Shows the picture"): confirm to delete it anyway',
    })
    expect(await itemOf(url)).toBeDefined()

    expect((await as('DELETE', `/api/admin/media/${id}?confirm=true`)).statusCode).toBe(204)
    expect(await itemOf(url)).toBeUndefined()
    expect(await variantCount(url)).toBe(0)
    const page = await t.request({ method: 'GET', url: `/api/posts/slug/${post.slug}` })
    expect(page.statusCode).toBe(200)
    expect(page.json().contentHtml).toContain('Text after.')
  })

  it('names drafts when only drafts use it', async () => {
    const url = await upload(18, 7)
    await createPost('Draft with picture', `![x](${url})`, 'draft')
    const { id } = await itemOf(url)
    const refused = await as('DELETE', `/api/admin/media/${id}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toBe(
      'This image is used by drafts ("Draft with picture"): confirm to delete it anyway',
    )
    expect((await as('DELETE', `/api/admin/media/${id}?confirm=nope`)).statusCode).toBe(400)
  })
})
