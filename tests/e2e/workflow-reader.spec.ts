import AxeBuilder from '@axe-core/playwright'
import { expect, postInput, test, uid } from './support/reader-fixtures.ts'

const LONG = `Intro.\n\n## Getting started\n\nText.\n\n### Install it\n\n\`\`\`sh\nnpm install thing\n\`\`\`\n\n## Using it\n\nMore.\n\n## Getting started\n\nAgain.`

test('a long post has a table of contents, heading anchors and code copy buttons', async ({ page, admin, context }) => {
  const post = await admin.createPost(postInput(`Long ${uid()}`, { content: LONG }))
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto(`/blog/${post.slug}`)
  const toc = page.getByRole('navigation', { name: 'Table of contents' })
  await expect(toc).toHaveCount(1) // the side one at 1280px; the phone one is hidden
  await expect(toc.getByRole('link')).toHaveText(['Getting started', 'Install it', 'Using it', 'Getting started'])
  await expect(toc.getByRole('link').nth(3)).toHaveAttribute('href', '#getting-started-2')
  await toc.getByRole('link', { name: 'Using it' }).click()
  await expect(page).toHaveURL(/#using-it$/)
  await expect(page.locator('h2#using-it')).toBeInViewport()

  await page.locator('h2#using-it').hover()
  await page.locator('h2#using-it').getByRole('link', { name: 'Link to this section' }).click()
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/#using-it$/)

  await page.getByRole('button', { name: 'Copy code' }).click()
  await expect(page.getByRole('button', { name: 'Copy code' })).toHaveText('Copied')
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('npm install thing')
})

test('on a phone the table of contents is collapsed above the post', async ({ page, admin }) => {
  const post = await admin.createPost(postInput(`Phone ${uid()}`, { content: LONG }))
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto(`/blog/${post.slug}`)
  const toc = page.getByRole('navigation', { name: 'Table of contents' })
  await expect(toc).toHaveCount(1)
  await expect(toc.getByRole('link', { name: 'Using it' })).toBeHidden()
  await toc.getByText('On this page').click()
  await expect(toc.getByRole('link', { name: 'Using it' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
})

test('short posts have no table of contents', async ({ page, admin }) => {
  const post = await admin.createPost(postInput(`Short ${uid()}`, { content: '## One\n\n## Two\n\nEnd.' }))
  await page.goto(`/blog/${post.slug}`)
  await expect(page.locator('h2#one')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Table of contents' })).toHaveCount(0)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('the table of contents and heading ids are in the server HTML', async ({ page, admin }) => {
    const post = await admin.createPost(postInput(`SSR TOC ${uid()}`, { content: LONG }))
    await page.goto(`/blog/${post.slug}`)
    await expect(page.locator('nav[aria-label="Table of contents"] a[href="#install-it"]')).toHaveCount(2)
    await expect(page.locator('h3#install-it')).toHaveCount(1)
  })
})

test('dark mode follows the system, the toggle is remembered, and the server paints it first', async ({
  page,
  admin,
}) => {
  const post = await admin.createPost(postInput(`Dark ${uid()}`, { content: LONG }))
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto(`/blog/${post.slug}`)
  expect(await background()).toBe('rgb(11, 17, 32)')
  await page.emulateMedia({ colorScheme: 'light' })
  expect(await background()).toBe('rgb(255, 255, 255)')

  await page.getByRole('button', { name: 'Toggle dark mode' }).click()
  expect(await background()).toBe('rgb(11, 17, 32)')
  const cookies = await page.context().cookies()
  expect(cookies.find((c) => c.name === 'theme')?.value).toBe('dark')

  // No flash: the HTML itself arrives in the chosen theme (no script needed), also from the response cache.
  for (let i = 0; i < 2; i++) {
    const html = await (await page.request.get(`/blog/${post.slug}`)).text()
    expect(html).toMatch(/<html lang="en" data-theme="dark">/)
  }
  const light = await (await page.context().browser()!.newContext()).request.get(`/blog/${post.slug}`)
  expect(await light.text()).toMatch(/<html lang="en">/)

  await page.reload()
  expect(await background()).toBe('rgb(11, 17, 32)')
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
  expect(results.violations.map((v) => v.id)).toEqual([])

  await page.getByRole('button', { name: 'Toggle dark mode' }).click()
  expect(await background()).toBe('rgb(255, 255, 255)')
  expect((await page.context().cookies()).find((c) => c.name === 'theme')?.value).toBe('light')
})
