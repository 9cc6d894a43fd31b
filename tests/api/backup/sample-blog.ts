import { encodePng } from '#server/features/seed/png.ts'
import type { TestApp } from '#test/support/test-app.ts'
import { multipart } from '../helpers.ts'

/** A blog with something of every kind a backup holds, made through the API the way the admin and readers make it. */
export async function fillSampleBlog(t: TestApp): Promise<{ postIds: string[]; slugs: string[]; imageUrl: string }> {
  const cookie = await t.login()
  const json = async (method: 'POST' | 'PUT', url: string, payload: unknown, status = 201) => {
    const res = await t.request({ method, url, payload: payload as object, cookie })
    if (res.statusCode !== status) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
    return res.json()
  }
  const png = encodePng(16, 9, (x, y) => [x * 15, y * 25, 90])
  const upload = await t.request({
    method: 'POST',
    url: '/api/upload-image',
    cookie,
    ...multipart('image', 'cover.png', 'image/png', png),
  })
  const imageUrl = (upload.json() as { url: string }).url
  const science = await json('POST', '/api/categories', {
    name: 'Science',
    slug: 'science',
    description: 'Lab notes',
    color: '#10b981',
  })
  const life = await json('POST', '/api/categories', { name: 'Life', slug: 'life', color: '#f59e0b' })
  const posts = [
    {
      title: 'Cells and code',
      content: `![cover](${imageUrl})\n\n## Intro\n\nA **bold** start with \`code\`.\n\n\`\`\`js\nconst x = 1\n\`\`\``,
      categoryId: science.id,
      tags: ['Biology', 'JS'],
      status: 'published',
      featured: true,
    },
    {
      title: 'Morning runs',
      content: 'Run every day.\n\n- one\n- two',
      categoryId: life.id,
      tags: ['Habits'],
      status: 'published',
      metaTitle: 'Runs',
      metaDescription: 'Why I run',
    },
    { title: 'Unfinished thoughts', content: 'Draft text', status: 'draft', tags: ['Habits'] },
    { title: 'Quiet notes', content: 'Nothing much.', status: 'published', authorName: 'Guest Writer' },
  ]
  const created: Array<{ id: string; slug: string }> = []
  for (const p of posts) created.push(await json('POST', '/api/posts', p))
  const [first, second] = created as [{ id: string; slug: string }, { id: string; slug: string }]

  for (const [i, text] of ['Great post!', 'Needs review', 'Thanks'].entries()) {
    const res = await t.request({
      method: 'POST',
      url: `/api/posts/${first.id}/comments`,
      payload: { authorName: `Reader ${i}`, authorEmail: `r${i}@example.com`, content: text },
      headers: { 'x-forwarded-for': `10.0.0.${i}` },
    })
    if (res.statusCode !== 201) throw new Error(`comment: ${res.statusCode} ${res.body}`)
    if (i !== 1)
      await t.request({
        method: 'PUT',
        url: `/api/admin/comments/${(res.json() as { id: string }).id}/approve`,
        cookie,
      })
  }
  for (let i = 0; i < 3; i++)
    await t.request({
      method: 'POST',
      url: `/api/posts/${i < 2 ? first.id : second.id}/like`,
      remoteAddress: `10.0.1.${i}`,
    })

  const db = t.app.ctx.db
  await db
    .insertInto('post_views_daily')
    .values([
      { post_id: first.id, day: '2026-11-20', views: 12 },
      { post_id: first.id, day: '2026-11-21', views: 30 },
      { post_id: second.id, day: '2026-11-21', views: 5 },
    ])
    .execute()
  await db.updateTable('posts').set({ views: 42 }).where('id', '=', first.id).execute()
  await db.updateTable('posts').set({ views: 5 }).where('id', '=', second.id).execute()
  await db
    .insertInto('redirects')
    .values({
      id: crypto.randomUUID(),
      from_path: '/old-cells',
      to_path: `/blog/${first.slug}`,
      source: 'manual',
      hits: 3,
      created_at: '2026-11-01T00:00:00.000Z',
    })
    .execute()

  await json('PUT', '/api/site-settings', { settings: [{ key: 'x_url', value: 'https://x.com/lab' }] }, 200)
  await json(
    'POST',
    '/api/footer-pages',
    { title: 'About', slug: 'about', content: 'About this lab.\n\n## Who\n- me' },
    201,
  ).catch(async () => {
    const about = (await t.request({ method: 'GET', url: '/api/footer-pages/slug/about' })).json() as { id: string }
    return json(
      'PUT',
      `/api/footer-pages/${about.id}`,
      { title: 'About the lab', content: 'About this lab.\n\n## Who\n- me' },
      200,
    )
  })
  await json('POST', '/api/footer-pages', { title: 'Colophon', content: 'Made with care.' })
  return { postIds: created.map((c) => c.id), slugs: created.map((c) => c.slug), imageUrl }
}

/** Every public GET route of the app, with its parameters filled from what the blog holds. */
export async function publicUrls(t: TestApp): Promise<string[]> {
  const db = t.app.ctx.db
  const posts = await db.selectFrom('posts').select(['id', 'slug', 'status']).orderBy('slug').execute()
  const pages = await db.selectFrom('footer_pages').select(['id', 'slug']).orderBy('slug').execute()
  const categories = await db.selectFrom('categories').select('slug').orderBy('slug').execute()
  const images = await db.selectFrom('images').select('file_name').orderBy('file_name').execute()
  const fill: Record<string, string[]> = {
    '/api/posts/:id': posts.map((p) => `/api/posts/${p.id}`),
    '/api/posts/:id/comments': posts.map((p) => `/api/posts/${p.id}/comments`),
    '/api/posts/:id/likes': posts.map((p) => `/api/posts/${p.id}/likes`),
    '/api/posts/:id/related': posts.map((p) => `/api/posts/${p.id}/related`),
    '/api/posts/slug/:slug': posts.map((p) => `/api/posts/slug/${p.slug}`),
    '/api/footer-pages/:id': pages.map((p) => `/api/footer-pages/${p.id}`),
    '/api/footer-pages/slug/:slug': pages.map((p) => `/api/footer-pages/slug/${p.slug}`),
    '/uploads/:file': images.map((i) => `/uploads/${i.file_name}`),
    '/sitemaps/:file': ['/sitemaps/pages.xml', '/sitemaps/posts-1.xml'],
    '/api/posts': [
      '/api/posts',
      '/api/posts?sort=popular',
      '/api/posts?sort=oldest&limit=2&page=2',
      '/api/posts?tag=habits',
      '/api/posts?search=run',
      ...categories.map((c) => `/api/posts?category=${c.slug}`),
    ],
  }
  const routes = t.app.routeTable.filter(
    (r) => r.method === 'GET' && !r.auth && !['/healthz', '/api/auth/me', '/api/auth/setup'].includes(r.url),
  )
  return routes.flatMap((r) => fill[r.url] ?? (r.url.includes(':') ? [] : [r.url]))
}

/** Status and body of every public answer, by URL. */
export async function publicAnswers(t: TestApp, urls: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const url of urls) {
    const res = await t.request({ method: 'GET', url })
    const type = String(res.headers['content-type'] ?? '')
    out[url] = `${res.statusCode} ${type}\n${res.rawPayload.toString(/^image\//.test(type) ? 'base64' : 'utf8')}`
  }
  return out
}
