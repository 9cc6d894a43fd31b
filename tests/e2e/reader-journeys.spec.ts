import { expect, postInput, test, uid } from './support/reader-fixtures.ts'

test.describe('reader journeys', () => {
  test('home → list → filter, paging, sort, search → post, all client-side', async ({ page, admin }) => {
    const id = uid()
    const category = await admin.createCategory(`Lab ${id}`, `lab-${id}`)
    for (let i = 1; i <= 11; i++) {
      await admin.createPost(postInput(`Paging ${id} ${String(i).padStart(2, '0')}`, { categoryId: category.id }))
    }

    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'A Lab of Life, Code, and Curiosity' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Latest Articles' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Start Reading' })).toHaveAttribute('href', '/blog')
    await expect(page.getByRole('link', { name: 'Browse Categories' })).toHaveAttribute('href', '/blog')
    // Marks this document: it must survive every navigation below (client-side routing, no reloads).
    await page.evaluate(() => ((window as unknown as { __spa: number }).__spa = 1))

    await page.getByRole('link', { name: 'View All Posts' }).click()
    await expect(page).toHaveURL(/\/blog$/)
    await expect(page.getByRole('heading', { level: 1, name: 'All Articles' })).toBeVisible()

    await page.getByLabel('Category').selectOption({ label: `Lab ${id}` })
    await expect(page).toHaveURL(new RegExp(`category=lab-${id}`))
    const cards = page.locator('main article')
    await expect(cards).toHaveCount(9)
    await expect(cards.first()).toContainText(`Paging ${id} 11`)

    await page.getByRole('link', { name: 'Next page' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(cards).toHaveCount(2)
    await expect(cards.first()).toContainText(`Paging ${id} 02`)
    await expect(page.getByRole('navigation', { name: 'Pagination' }).getByText('2', { exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await page.getByRole('link', { name: 'Page 1' }).click()
    await expect(cards).toHaveCount(9)

    await page.getByLabel('Sort by').selectOption({ label: 'Oldest First' })
    await expect(page).toHaveURL(/sort=oldest/)
    await expect(cards.first()).toContainText(`Paging ${id} 01`)

    await page.getByPlaceholder('Search articles...').fill(`${id} 07`)
    await expect(page).toHaveURL(new RegExp(`q=${id}`))
    await expect(cards).toHaveCount(1)
    await page.getByRole('link', { name: `Paging ${id} 07` }).click()
    await expect(page).toHaveURL(new RegExp(`/blog/paging-${id}-07$`))
    await expect(page.getByRole('heading', { level: 1, name: `Paging ${id} 07` })).toBeVisible()
    await expect(page).toHaveTitle(`Paging ${id} 07 | Lab of Life`)
    await expect(page.getByRole('heading', { name: 'Introduction' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { __spa?: number }).__spa)).toBe(1)

    await page.goBack()
    await expect(page).toHaveURL(new RegExp(`q=${id}`))
    await page.getByPlaceholder('Search articles...').fill(`nothing-matches-${id}`)
    await expect(page.getByText('No posts found')).toBeVisible()
    await expect(page.getByText('Try adjusting your search criteria or')).toBeVisible()
  })

  test('a client-side filter change shows 6 skeleton cards until the page arrives', async ({ page }) => {
    await page.goto('/blog')
    await expect(page.locator('main article').first()).toBeVisible()
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/posts?*', async (route) => {
      await held
      await route.continue()
    })
    await page.getByLabel('Sort by').selectOption({ label: 'Most Popular' })
    await expect(page.getByTestId('post-card-skeleton')).toHaveCount(6)
    release()
    await expect(page.getByTestId('post-card-skeleton')).toHaveCount(0)
    await expect(page.locator('main article').first()).toBeVisible()
  })

  test('failed images: cards and the featured image fall back to the placeholder, content images are hidden', async ({
    page,
    admin,
  }) => {
    const post = await admin.createPost(
      postInput(`Broken images ${uid()}`, {
        featuredImage: '/uploads/missing-featured.png',
        content: 'Intro text.\n\n![gone](/uploads/missing-inline.png)\n\nAfter the image.',
      }),
    )
    await page.goto(`/blog/${post.slug}`)
    await expect(page.locator('figure img')).toHaveAttribute('src', '/placeholder.svg')
    await expect(page.locator('.prose-blog img')).toBeHidden()
    await expect(page.getByText('After the image.')).toBeVisible()

    await page.goto('/blog')
    const card = page.locator('main article', { hasText: post.title })
    await expect(card.locator('img')).toHaveAttribute('src', '/placeholder.svg')
  })

  test('the category route shows its name, hides the category filter, and 404s for an unknown slug', async ({
    page,
    admin,
  }) => {
    const id = uid()
    const category = await admin.createCategory(`Habits ${id}`, `habits-${id}`)
    await admin.createPost(postInput(`Habit post ${id}`, { categoryId: category.id }))
    await page.goto(`/category/habits-${id}`)
    await expect(page.getByRole('heading', { level: 1, name: `Habits ${id}` })).toBeVisible()
    await expect(page.getByLabel('Category')).toHaveCount(0)
    await expect(page.locator('main article')).toHaveCount(1)

    const missing = await page.goto(`/category/missing-${id}`)
    expect(missing?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible()
  })

  test('a like toggles, survives a reload, and uses singular/plural labels', async ({ page, admin }) => {
    const post = await admin.createPost(postInput(`Likeable ${uid()}`))
    await page.goto(`/blog/${post.slug}`)
    const like = page.getByTestId('like-button')
    await expect(like).toHaveText('0 Likes')
    await like.click()
    await expect(like).toHaveText('1 Like')
    await expect(like).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByText('Post liked!')).toBeVisible()

    await page.reload()
    await expect(like).toHaveText('1 Like')
    await expect(like).toHaveAttribute('aria-pressed', 'true')
    await like.click()
    await expect(like).toHaveText('0 Likes')
    await expect(page.getByText('Like removed')).toBeVisible()
  })

  test('comments: empty is refused, a new one waits for approval, then shows', async ({ page, admin }) => {
    const post = await admin.createPost(postInput(`Discussed ${uid()}`))
    const text = `A thoughtful remark ${uid()}`
    await page.goto(`/blog/${post.slug}`)
    await expect(page.getByRole('heading', { name: '0 Comments' })).toBeVisible()
    const textarea = page.getByLabel('Leave a comment')
    await expect(textarea).toHaveAttribute('rows', '4')
    await expect(textarea).toHaveAttribute('required', '')

    await page.getByRole('button', { name: 'Submit Comment' }).click()
    await expect(page.getByText('Missing comment')).toBeVisible()
    const toasts = page.getByRole('region', { name: /Notifications/ })
    await expect(toasts.getByText('Please write your comment.')).toBeVisible()
    await expect(textarea).toHaveAccessibleDescription('Please write your comment.')

    await textarea.fill(text)
    await page.getByLabel('Name (optional)').fill('Ada')
    await page.getByRole('button', { name: 'Submit Comment' }).click()
    await expect(page.getByText('Comment submitted!')).toBeVisible()
    await expect(page.getByText('Your comment will be reviewed before being published.')).toBeVisible()
    await expect(textarea).toHaveValue('')
    await page.reload()
    await expect(page.getByText(text)).toHaveCount(0)

    await admin.approveComment(post.id, text)
    await page.reload()
    await expect(page.getByText(text)).toBeVisible()
    await expect(page.getByRole('heading', { name: '1 Comment' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Comments' })).toContainText('Ada')
  })

  test('copy link puts the post URL in the clipboard with a toast', async ({ page, context, admin, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
    const post = await admin.createPost(postInput(`Shareable ${uid()}`))
    await page.goto(`/blog/${post.slug}`)
    await page.getByRole('button', { name: 'Copy link' }).first().click()
    await expect(page.getByText('Link copied!')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/blog/${post.slug}`)
  })

  test('the view beacon fires once per page view', async ({ page, admin }) => {
    const post = await admin.createPost(postInput(`Viewed ${uid()}`))
    const beacons: string[] = []
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith(`/api/posts/${post.id}/view`)) beacons.push(req.url())
    })
    await page.goto(`/blog/${post.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
    await expect.poll(() => beacons.length).toBe(1)
    await page.waitForTimeout(500)
    expect(beacons).toHaveLength(1)
  })

  test('footer page from the footer link, with its last-updated line', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click()
    await expect(page).toHaveURL(/\/about$/)
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible()
    await expect(page.getByText(/^Last updated: /)).toBeVisible()
  })

  test('not-found screens: unknown path, missing post, missing footer page', async ({ page }) => {
    const unknown = await page.goto('/no/such/page')
    expect(unknown?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible()

    const post = await page.goto(`/blog/missing-${uid()}`)
    expect(post?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible()
    await expect(page.getByText("The post you're looking for doesn't exist or has been removed")).toBeVisible()

    const footer = await page.goto(`/missing-${uid()}`)
    expect(footer?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
    await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible()
  })

  test('mobile menu opens, navigates and closes', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/')
    const menu = page.locator('#mobile-menu')
    await expect(menu).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(menu).toBeVisible()
    // A search box, and no way into the admin advertised to readers (/admin stays where it is).
    await expect(menu.getByRole('searchbox', { name: 'Search articles' })).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: /admin/i })).toHaveCount(0)
    await menu.getByRole('link', { name: 'Blog' }).click()
    await expect(page).toHaveURL(/\/blog$/)
    await expect(menu).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: 'All Articles' })).toBeVisible()
  })
})
