import { expect, postInput, test, uid } from './support/reader-fixtures.ts'

const LONG_LINE = `const sum = ${Array.from({ length: 40 }, (_, i) => `value${i}`).join(' + ')}`

test('a long code block scrolls by keyboard, and on a phone Copy does not cover its first line', async ({
  page,
  admin,
}) => {
  const post = await admin.createPost(
    postInput(`Code heavy ${uid()}`, {
      content: `Before.\n\n\`\`\`ts\n${LONG_LINE}\nconsole.log(sum)\n\`\`\`\n\nAfter.`,
    }),
  )
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto(`/blog/${post.slug}`)
      const code = page.getByRole('group', { name: 'Code: ts' })
      await expect(code).toHaveAttribute('tabindex', '0')
      const copy = page.getByRole('button', { name: 'Copy code' })
      await expect(copy).toBeVisible()
      if (width === 390) {
        const button = (await copy.boundingBox())!
        const firstLine = (await code.locator('code').boundingBox())!
        expect(button.y + button.height).toBeLessThanOrEqual(firstLine.y + 1)
      }
      await code.focus()
      await expect(code).toBeFocused()
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight')
      await expect.poll(() => code.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
      await code.evaluate((el) => el.scrollTo(0, 0))
      await code.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `test-results/screens/code-block-${width}-${scheme}.png` })
    }
  }
})
