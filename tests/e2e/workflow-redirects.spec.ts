import { createPost } from './support/admin-api.ts'
import { expect, test, unique } from './support/admin-fixtures.ts'

const sameOrigin = { 'Sec-Fetch-Site': 'same-origin' }

test('a published post’s old address answers 301 to the new one, and the browser lands there', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const post = await createPost(page.request, { title: unique('E2E Moved'), content: 'Moved.', status: 'published' })
  const newSlug = `${post.slug}-moved`
  expect((await page.request.put(`/api/posts/${post.id}`, { data: { slug: newSlug }, headers: sameOrigin })).ok()).toBe(
    true,
  )

  const reader = await (await browser.newContext({ baseURL })).newPage()
  for (let i = 0; i < 2; i++) {
    // The second answer comes from the response cache.
    const res = await reader.request.get(`/blog/${post.slug}`, { maxRedirects: 0 })
    expect(res.status()).toBe(301)
    expect(res.headers().location).toBe(`/blog/${newSlug}`)
  }
  await reader.goto(`/blog/${post.slug}`)
  await expect(reader).toHaveURL(new RegExp(`/blog/${newSlug}$`))
  await expect(reader.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
})

test('the Redirects screen adds and removes rules, and turns a logged 404 into a redirect in one click', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const target = await createPost(page.request, {
    title: unique('E2E Redirect Target'),
    content: 'Target.',
    status: 'published',
  })
  const missing = `/old-e2e-${Date.now().toString(36)}`
  const reader = await (await browser.newContext({ baseURL })).newPage()
  expect((await reader.goto(missing))?.status()).toBe(404)

  await page.goto('/admin/redirects')
  await expect(page.getByRole('heading', { level: 1, name: 'Redirects' })).toBeVisible()
  const entry = page.getByTestId('not-found-entry').filter({ hasText: missing })
  await expect(entry).toContainText('1 hit')
  await entry.getByRole('button', { name: `Redirect ${missing} to…` }).click()
  await expect(page.getByLabel('From path')).toHaveValue(missing)
  await expect(page.getByLabel('To path')).toBeFocused()
  await page.getByLabel('To path').fill(`/blog/${target.slug}`)
  await page.getByRole('button', { name: 'Add redirect' }).click()
  const rule = page.getByTestId('redirect-rule').filter({ hasText: missing })
  await expect(rule).toContainText(`/blog/${target.slug}`)
  await expect(page.getByTestId('not-found-entry').filter({ hasText: missing })).toHaveCount(0)

  await reader.goto(missing)
  await expect(reader).toHaveURL(new RegExp(`/blog/${target.slug}$`))

  // Refused with the server's message.
  await page.getByLabel('From path').fill('/somewhere')
  await page.getByLabel('To path').fill('https://evil.example/')
  await page.getByRole('button', { name: 'Add redirect' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'Redirects can only point to pages on this site' }),
  ).toBeVisible()

  // An imported WordPress address keeps its query; the home page itself is untouched.
  const wp = `/?p=${Date.now()}`
  expect(
    (
      await page.request.post('/api/redirects', {
        data: { fromPath: wp, toPath: `/blog/${target.slug}` },
        headers: sameOrigin,
      })
    ).status(),
  ).toBe(201)
  for (let i = 0; i < 2; i++) {
    const res = await reader.request.get(wp, { maxRedirects: 0 })
    expect(res.status()).toBe(301)
    expect(res.headers().location).toBe(`/blog/${target.slug}`)
  }
  expect((await reader.request.get('/?p=0', { maxRedirects: 0 })).status()).toBe(200)
  expect((await reader.request.get('/', { maxRedirects: 0 })).status()).toBe(200)

  await rule.getByRole('button', { name: `Remove redirect from ${missing}` }).click()
  await expect(rule).toHaveCount(0)
  expect((await reader.request.get(missing, { maxRedirects: 0 })).status()).toBe(404)
})
