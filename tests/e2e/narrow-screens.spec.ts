import type { Page } from '@playwright/test'
import { loginViaApi } from './support/admin-fixtures.ts'
import { expect, test, uid } from './support/reader-fixtures.ts'

// One-word strings far wider than a phone: pasted URLs, made-up names, identifiers.
const word = (n: number, seed: string) => `${seed}${'x'.repeat(n - seed.length)}`

/** The document is never wider than the 390 px viewport: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, path: string, mustShow: string) {
  await page.goto(path)
  await expect(page.getByText(mustShow, { exact: false }).first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }))
  expect(scrollWidth, `${path} is ${scrollWidth}px wide`).toBeLessThanOrEqual(clientWidth)
}

test.describe('long unbroken words at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('reader and admin pages never grow wider than the screen', async ({ page, admin }) => {
    const id = uid()
    const titleWord = word(40, `Title${id}`)
    const categoryName = word(60, `Category${id}`)
    const commenter = word(80, `Commenter${id}`)
    const category = await admin.createCategory(categoryName, `long-${id}`)
    const post = await admin.createPost({
      title: `A ${titleWord} title`,
      status: 'published',
      featured: true,
      categoryId: category.id,
      authorName: word(80, `Author${id}`),
      tags: [word(50, `tag${id}`)],
      excerpt: `Excerpt ${word(120, `excerpt${id}`)}`,
      content: [
        `Prose ${word(150, `prose${id}`)} and \`${word(100, `inline${id}`)}\` and https://example.com/${word(120, 'path')}`,
        `\`\`\`\n${word(200, 'codeline')}\n\`\`\``,
        `| ${word(60, 'head')} | b |\n|---|---|\n| ${word(60, 'cell')} | c |`,
      ].join('\n\n'),
    })
    const comment = `Comment ${word(140, `comment${id}`)}`
    const posted = await page.request.post(`/api/posts/${post.id}/comments`, {
      data: { content: comment, authorName: commenter },
    })
    expect(posted.status(), await posted.text()).toBe(201)
    await admin.approveComment(post.id, comment)

    const readerPages: [string, string][] = [
      ['/', titleWord],
      ['/blog', titleWord],
      [`/category/${category.slug}`, titleWord],
      [`/blog/${post.slug}`, commenter],
    ]
    for (const [path, shows] of readerPages) await expectNoSidewaysScroll(page, path, shows)

    await loginViaApi(page)
    const adminPages: [string, string][] = [
      ['/admin/dashboard', 'Welcome back'],
      // Full-text search matches a word by its start, not by a fragment inside it.
      [`/admin/posts?search=Title${id}`, titleWord],
      [`/admin/posts/${post.id}/edit`, 'Edit Post'],
      ['/admin/categories', categoryName],
      ['/admin/analytics', 'Analytics'],
      ['/admin/settings', 'Settings'],
      ['/admin/media', 'Media'],
      ['/admin/comments', 'Comment Management'],
    ]
    for (const [path, shows] of adminPages) await expectNoSidewaysScroll(page, path, shows)
    // The approved tab (one comment only: the comment throttle is shared by every browser test).
    await page.getByRole('tab', { name: /Approved/ }).click()
    await expect(page.getByText(comment)).toBeVisible()
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }))
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
  })
})
