import { expect, postInput, test, uid } from './support/reader-fixtures.ts'
import { expectHead, expectHtml, expectNoInlineScripts } from './support/ssr-checks.ts'

test.describe('server rendering (no JavaScript needed)', () => {
  test('home, list and category pages arrive complete with head tags', async ({ request, admin, baseURL }) => {
    const id = uid()
    const category = await admin.createCategory(`Mindset ${id}`, `mindset-${id}`)
    await admin.createPost(postInput(`Server side ${id}`, { categoryId: category.id, excerpt: `Excerpt for ${id}` }))

    const home = await request.get('/')
    expectHtml(home, 200)
    const homeHtml = await home.text()
    expectHead(homeHtml, baseURL!, '/')
    expectNoInlineScripts(homeHtml)
    expect(homeHtml).toContain('Latest Articles')
    expect(homeHtml).toContain(`Server side ${id}`)
    expect(homeHtml).toContain('<div id="root" data-ssr="1">')

    const list = await request.get(`/blog?q=${id}`)
    expectHtml(list, 200)
    const listHtml = await list.text()
    expectHead(listHtml, baseURL!, '/blog')
    expect(listHtml).toContain(`Results for “${id}”`)
    expect(listHtml).toContain('>1 post<')
    expect(listHtml).toContain(`Server side ${id}`)
    expect(listHtml).toContain(`value="${id}"`)

    const empty = await (await request.get(`/blog?q=nothing-${id}`)).text()
    expect(empty).toContain('No posts found')

    const cat = await request.get(`/category/mindset-${id}`)
    expectHtml(cat, 200)
    const catHtml = await cat.text()
    expectHead(catHtml, baseURL!, `/category/mindset-${id}`)
    expect(catHtml).toContain(`Mindset ${id}`)
    expect(catHtml).toContain(`Server side ${id}`)
  })

  test('search results say what was searched and how many matched; a title match shows the excerpt', async ({
    request,
    admin,
  }) => {
    const id = uid()
    await admin.createPost(
      postInput(`Quiet ${id}`, { content: 'Nothing to mark here.', excerpt: 'The quiet excerpt.' }),
    )
    await admin.createPost(postInput(`Loud`, { content: `The body says ${id} out loud.`, slug: `loud-${id}` }))
    const html = await (await request.get(`/blog?q=${id}`)).text()
    expect(html).toContain(`Results for “${id}”`)
    expect(html).toContain('>2 posts<')
    expect(html).not.toContain('>All Articles<')
    expect(html).toContain('The quiet excerpt.')
    expect(html).toMatch(new RegExp(`<mark[^>]*>${id}</mark> out loud`))
    // The title appears once, as the card's link: never again as a marked snippet.
    expect(html).not.toMatch(new RegExp(`<mark[^>]*>Quiet`))
  })

  test('a post page carries its content, comments, article tags and JSON-LD', async ({ request, admin, baseURL }) => {
    const id = uid()
    const post = await admin.createPost(
      postInput(`Crawlable ${id}`, {
        excerpt: `What crawlers read ${id}`,
        featuredImage: '/uploads/not-there.png',
        tags: ['seo'],
      }),
    )
    const res = await request.get(`/blog/${post.slug}`)
    expectHtml(res, 200)
    const html = await res.text()
    expectHead(html, baseURL!, `/blog/${post.slug}`)
    expectNoInlineScripts(html)
    expect(html).toContain('<meta property="og:type" content="article">')
    expect(html).toContain(`<meta property="og:image" content="${baseURL}/uploads/not-there.png">`)
    expect(html).toMatch(/<meta property="article:published_time" content="\d{4}-\d{2}-\d{2}T/)
    expect(html).toContain(`<meta name="description" content="What crawlers read ${id}">`)
    expect(html).toMatch(new RegExp(`<h1[^>]*>Crawlable ${id}</h1>`))
    expect(html).toContain('<h2 id="introduction">Introduction<a') // the content's top heading ('##') sits right below the title's h1
    expect(html).toContain('0 Likes')
    expect(html).toContain('0 Comments')

    const jsonLd = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)
    expect(jsonLd).not.toBeNull()
    const data = JSON.parse(jsonLd![1]!) as Record<string, unknown>
    expect(data).toMatchObject({
      '@type': 'BlogPosting',
      headline: `Crawlable ${id}`,
      description: `What crawlers read ${id}`,
      image: [`${baseURL}/uploads/not-there.png`],
      author: { name: 'admin' },
      mainEntityOfPage: { '@id': `${baseURL}/blog/${post.slug}` },
    })
    expect(data.datePublished).toBeTruthy()
    expect(data.dateModified).toBeTruthy()
    expect(html.match(/application\/ld\+json/g)).toHaveLength(1)

    // The post's HTML travels once: in the markup, not again in the state block.
    const state = JSON.parse(
      html.match(/<script type="application\/json" id="__QUERY_STATE__">(.*?)<\/script>/s)![1]!,
    ) as {
      queries: Array<{ queryKey: unknown[]; state: { data: { contentHtml?: string } | null } }>
    }
    expect(state.queries.find((q) => q.queryKey[0] === '/api/posts/slug')?.state.data?.contentHtml).toBe('')
  })

  test('a hydrated post keeps its content through client-side navigation away and back', async ({ page, admin }) => {
    const post = await admin.createPost(postInput(`Round trip ${uid()}`))
    await page.goto(`/blog/${post.slug}`)
    const body = page.locator('[data-post-html]')
    await expect(body.getByRole('heading', { name: /Introduction/ })).toBeVisible()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog', exact: true }).click()
    await expect(page).toHaveURL(/\/blog$/)
    await page.goBack()
    await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`))
    await expect(body.getByRole('heading', { name: /Introduction/ })).toBeVisible()
  })

  test('text that looks like markup stays inert in the HTML, the state block and JSON-LD', async ({
    request,
    admin,
  }) => {
    const id = uid()
    const hostile = `</script><script>alert(1)</script><!-- ${id}`
    const post = await admin.createPost(postInput(hostile, { slug: `hostile-${uid()}`, excerpt: hostile }))
    const html = await (await request.get(`/blog/${post.slug}`)).text()
    expect(html).not.toContain('<script>alert(1)')
    expect(html).not.toContain(`<!-- ${id}`)
    const state = html.match(/<script type="application\/json" id="__QUERY_STATE__">(.*?)<\/script>/s)
    expect(state).not.toBeNull()
    expect(state![1]).not.toContain('<')
    const parsed = JSON.parse(state![1]!) as {
      queries: Array<{ queryKey: unknown[]; state: { data: { title?: string } | null } }>
    }
    const postQuery = parsed.queries.find((q) => q.queryKey[0] === '/api/posts/slug')
    expect(postQuery?.state.data?.title).toBe(hostile)
  })

  test('status codes: 404 screens, drafts hidden, API and files untouched, admin shell', async ({ request, admin }) => {
    const draft = await admin.createPost(postInput(`Draft ${uid()}`, { status: 'draft' }))
    const cases: Array<[string, number, string]> = [
      ['/no/such/page', 404, '404 Page Not Found'],
      [`/blog/missing-${uid()}`, 404, 'Post Not Found'],
      [`/blog/${draft.slug}`, 404, 'Post Not Found'],
      [`/category/missing-${uid()}`, 404, '404 Page Not Found'],
      [`/missing-${uid()}`, 404, 'Page Not Found'],
    ]
    for (const [path, status, text] of cases) {
      const res = await request.get(path)
      expectHtml(res, status)
      const html = await res.text()
      expect(html, path).toContain(text)
      expect(html, path).toContain('<meta name="robots" content="noindex">')
      expect(html, path).not.toContain(draft.title)
    }

    const api = await request.get('/api/definitely-not-here')
    expect(api.status()).toBe(404)
    expect(await api.json()).toEqual({ error: expect.stringContaining('not found') })
    expect((await request.get('/uploads/nothing-here.png')).status()).toBe(404)
    expect((await request.get('/healthz')).status()).toBe(200)

    const shell = await request.get('/admin/posts')
    expectHtml(shell, 200)
    const shellHtml = await shell.text()
    expect(shellHtml).toContain('<meta name="robots" content="noindex">')
    expect(shellHtml).toContain('<div id="root"></div>')
  })

  test('a logged-in admin previews a draft, privately and unindexed', async ({ page, admin }) => {
    const draft = await admin.createPost(postInput(`Preview ${uid()}`, { status: 'draft' }))
    const login = await page.request.post('/api/auth/login', {
      data: { username: 'admin', password: 'e2e-password-123' },
    })
    expect(login.status()).toBe(200)
    const res = await page.goto(`/blog/${draft.slug}`)
    expect(res?.status()).toBe(200)
    expect(res?.headers()['cache-control']).toBe('private, no-cache')
    await expect(page.getByRole('heading', { level: 1, name: draft.title })).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    await expect(page.getByText('Draft', { exact: true })).toBeVisible()
  })

  test('footer pages, feeds and static files', async ({ request, baseURL }) => {
    const about = await request.get('/about')
    expectHtml(about, 200)
    const html = await about.text()
    expectHead(html, baseURL!, '/about')
    expect(html).toContain('Last updated: ')

    const rss = await request.get('/rss.xml')
    expect(rss.status()).toBe(200)
    expect(await rss.text()).toContain(`<link>${baseURL}/</link>`)
    expect(await (await request.get('/sitemap.xml')).text()).toContain(`<loc>${baseURL}/about</loc>`)
    expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`)

    const script = html.match(/<script type="module" src="(\/assets\/[^"]+\.js)">/)
    expect(script).not.toBeNull()
    const asset = await request.get(script![1]!, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(asset.status()).toBe(200)
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(asset.headers()['content-encoding']).toBe('gzip')
    const favicon = await request.get('/favicon.svg')
    expect(favicon.status()).toBe(200)
    expect(favicon.headers()['cache-control']).toBe('public, max-age=3600')
    expect((await request.get('/.vite/manifest.json')).status()).toBe(404)
  })
})

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false })

  test('a reader can read, search and page through posts', async ({ page, admin }) => {
    const id = uid()
    for (let i = 1; i <= 10; i++) await admin.createPost(postInput(`Nojs ${id} ${String(i).padStart(2, '0')}`))

    await page.goto('/blog')
    await page.getByPlaceholder('Search articles...').fill(`Nojs ${id}`)
    await page.getByPlaceholder('Search articles...').press('Enter')
    await expect(page).toHaveURL(/q=Nojs/)
    await expect(page.locator('main article')).toHaveCount(9)
    await page.getByRole('link', { name: 'Next page' }).click()
    await expect(page.locator('main article')).toHaveCount(1)
    await page.getByRole('link', { name: `Nojs ${id} 01` }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Nojs ${id} 01` })).toBeVisible()
    await expect(page.locator('.prose-blog code.hljs')).toBeVisible()
  })
})
