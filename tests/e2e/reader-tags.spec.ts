import { expect, postInput, test, uid } from './support/reader-fixtures.ts'
import { expectHead, expectHtml, expectNoInlineScripts } from './support/ssr-checks.ts'

const feedLink = (title: string, href: string) =>
  `<link rel="alternate" type="application/rss+xml" title="${title}" href="${href}" id="page-feed">`
const itemCount = (xml: string) => xml.match(/<item>/g)?.length ?? 0

test.describe('tag pages and listing feeds, server-rendered', () => {
  test('a tag page is a paged list with its own head tags and feed; its spelling follows the latest post', async ({
    request,
    admin,
    baseURL,
  }) => {
    const id = uid()
    const key = `tagged${id}`
    await admin.createPost(postInput(`Tag first ${id}`, { tags: [`TAGGED${id}`] }))
    for (let i = 2; i <= 10; i++)
      await admin.createPost(
        postInput(`Tag post ${id} ${String(i).padStart(2, '0')}`, { tags: ['other', `Tagged${id}`] }),
      )
    await admin.createPost(postInput(`Tag draft ${id}`, { tags: [key], status: 'draft' }))

    const res = await request.get(`/tag/${key}`)
    expectHtml(res, 200)
    const html = await res.text()
    expectHead(html, baseURL!, `/tag/${key}`)
    expectNoInlineScripts(html)
    expect(html).toContain(`<title>Tagged “Tagged${id}” | Lab of Life</title>`)
    expect(html).toContain(`<meta name="description" content="Articles tagged “Tagged${id}”.">`)
    expect(html).toContain('<meta property="og:type" content="website">')
    expect(html).toContain(feedLink(`Lab of Life: Tagged${id}`, `${baseURL}/tag/${key}/rss.xml`))
    expect(html).toMatch(new RegExp(`<h1[^>]*>Tagged${id}</h1>`))
    expect(html.match(/<article/g)).toHaveLength(9)
    expect(html).not.toContain(`Tag draft ${id}`)
    expect(html).toContain(`href="/tag/${key}/rss.xml"`)
    expect(html).toContain(`href="/tag/${key}?page=2"`)
    // The same search form and sort as a category page, without the category filter.
    expect(html).toContain(`action="/tag/${key}"`)
    expect(html).toContain('Latest First')
    expect(html).not.toContain('All Categories</option>')

    // Any spelling finds the page; the canonical URL is the lower-case one.
    const upper = await (await request.get(`/tag/TAGGED${id}?page=2&utm_source=x`)).text()
    expectHead(upper, baseURL!, `/tag/${key}?page=2`)
    expect(upper.match(/<article/g)).toHaveLength(1)
    expect(upper).toContain(`Tag first ${id}`)

    const empty = await request.get(`/tag/${key}?q=nothing-matches-${id}`)
    expectHtml(empty, 200)
    expect(await empty.text()).toContain('No posts found')

    const missing = await request.get(`/tag/never-used-${id}`)
    expectHtml(missing, 404)
    expect(await missing.text()).toContain('<meta name="robots" content="noindex">')

    const feed = await request.get(`/tag/${key}/rss.xml`)
    expect(feed.status()).toBe(200)
    expect(feed.headers()['content-type']).toContain('application/rss+xml')
    const xml = await feed.text()
    expect(itemCount(xml)).toBe(10)
    expect(xml).toContain(`<link>${baseURL}/tag/${key}</link>`)
    expect(xml).not.toContain(`Tag draft ${id}`)
    expect((await request.get(`/tag/never-used-${id}/rss.xml`)).status()).toBe(404)
  })

  test('a category page links its own feed', async ({ request, admin, baseURL }) => {
    const id = uid()
    const category = await admin.createCategory(`Feeds ${id}`, `feeds-${id}`)
    await admin.createPost(postInput(`In category ${id}`, { categoryId: category.id }))
    const html = await (await request.get(`/category/feeds-${id}`)).text()
    expect(html).toContain(feedLink(`Lab of Life: Feeds ${id}`, `${baseURL}/category/feeds-${id}/rss.xml`))
    expect(html).toContain(`href="/category/feeds-${id}/rss.xml"`)
    const xml = await (await request.get(`/category/feeds-${id}/rss.xml`)).text()
    expect(itemCount(xml)).toBe(1)
    expect(xml).toContain(`<title>In category ${id}</title>`)
    expect(await (await request.get('/blog')).text()).not.toContain('id="page-feed"')
  })
})

test.describe('tags with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false })

  test('a reader follows a tag from a post to its page, searches it and pages through it', async ({ page, admin }) => {
    const id = uid()
    for (let i = 1; i <= 10; i++)
      await admin.createPost(postInput(`Nojs tag ${id} ${String(i).padStart(2, '0')}`, { tags: [`Walk ${id}`] }))

    await page.goto(`/blog/nojs-tag-${id}-01`)
    await page
      .getByRole('list', { name: 'Tags' })
      .getByRole('link', { name: `#Walk ${id}` })
      .click()
    await expect(page).toHaveURL(new RegExp(`/tag/walk%20${id}$`))
    await expect(page.getByRole('heading', { level: 1, name: `Walk ${id}` })).toBeVisible()
    await expect(page.locator('main article')).toHaveCount(9)
    await page.getByRole('link', { name: 'Next page' }).click()
    await expect(page.locator('main article')).toHaveCount(1)

    await page.getByPlaceholder('Search articles...').fill(`Nojs tag ${id} 07`)
    await page.getByPlaceholder('Search articles...').press('Enter')
    await expect(page).toHaveURL(new RegExp(`/tag/walk%20${id}\\?q=`))
    await expect(page.locator('main article')).toHaveCount(1)
    await expect(page.getByRole('link', { name: `Nojs tag ${id} 07` })).toBeVisible()
  })
})

test('moving between a post, a tag and the blog keeps the head in step in the browser', async ({
  page,
  admin,
  baseURL,
}) => {
  const id = uid()
  await admin.createPost(postInput(`Client tag ${id}`, { tags: [`Hop ${id}`] }))
  await page.goto(`/blog/client-tag-${id}`)
  await expect(page.locator('#page-feed')).toHaveCount(0)

  await page
    .getByRole('list', { name: 'Tags' })
    .getByRole('link', { name: `#Hop ${id}` })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: `Hop ${id}` })).toBeVisible()
  await expect(page).toHaveTitle(`Tagged “Hop ${id}” | Lab of Life`)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/tag/hop%20${id}`)
  await expect(page.locator('#page-feed')).toHaveAttribute('href', `${baseURL}/tag/hop%20${id}/rss.xml`)
  await expect(page.locator('#page-feed')).toHaveAttribute('title', `Lab of Life: Hop ${id}`)

  await page.getByRole('link', { name: 'Blog', exact: true }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'All Articles' })).toBeVisible()
  await expect(page.locator('#page-feed')).toHaveCount(0)
})
