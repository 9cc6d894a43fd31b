import { readFileSync } from 'node:fs'
import { expect, test } from './support/admin-fixtures.ts'

test('Backup & import: the backup downloads as a zip, and a dry-run import of it reports what it would do', async ({
  adminPage: page,
}, testInfo) => {
  await page.goto('/admin/settings')
  await page.getByRole('tab', { name: 'Backup & import' }).click()

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download backup' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^lab-blog-backup-[\d-]+\.zip$/)
  const file = testInfo.outputPath('backup.zip')
  await download.saveAs(file)
  expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK')
  await expect(page.getByText('Backup downloaded')).toBeVisible()
  const bar = page.getByRole('progressbar', { name: 'Backup download' })
  await expect(bar).toHaveAttribute('value', '100')
  // Drawn in the theme's colours, not the browser's own green bar.
  expect(await bar.evaluate((el) => getComputedStyle(el).appearance)).toBe('none')

  // This blog has everything the backup holds: a dry run finds each post a conflict and writes nothing.
  await page.getByLabel('Export file').setInputFiles(file)
  await page.getByLabel('Dry run: only report what would be created').check()
  await page.getByLabel('Keep links to images not found in the images file (they show broken)').check()
  const sent = page.waitForRequest((request) => request.url().includes('/api/admin/import'))
  await page.getByRole('button', { name: 'Import' }).click()
  expect(new URL((await sent).url()).search).toBe('?dryRun=1&keepMissingImages=1')
  const report = page.getByRole('region', { name: 'Import report' })
  await expect(report.getByRole('heading', { name: 'Dry run: nothing was written (backup)' })).toBeVisible()
  // The answer takes the focus: the Import button was disabled under it while the job ran.
  await expect(report).toBeFocused()
  await expect(report).toContainText('would be created.')
  await expect(report).toContainText(/Skipped \d+ \(\d+ conflicts?\)/)
  await expect(report).toContainText('a post with this slug already exists')

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0)
    await page.screenshot({ path: `test-results/screens/settings-backup-${width}.png`, fullPage: true })
  }
})
