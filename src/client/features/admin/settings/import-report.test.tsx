import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { IMPORT_KINDS, type ImportReport } from '#shared/schemas/backup.ts'
import { ImportReportView } from './import-report.tsx'

const created = (posts: number) =>
  ({ ...Object.fromEntries(IMPORT_KINDS.map((kind) => [kind, 0])), posts }) as ImportReport['created']
const report = (over: Partial<ImportReport>): ImportReport => ({
  format: 'markdown',
  dryRun: false,
  created: created(2),
  skipped: [],
  skippedCount: 0,
  conflicts: 0,
  warnings: [],
  warningCount: 0,
  missingImages: [],
  missingImageCount: 0,
  ...over,
})
const text = (html: string) => html.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|')

describe('import report', () => {
  it('lists what was skipped, the images not found and the warnings under their counts', () => {
    const html = renderToStaticMarkup(
      <ImportReportView
        report={report({
          dryRun: true,
          skipped: [{ kind: 'posts', item: 'hello', reason: 'a post with this slug already exists' }],
          skippedCount: 1,
          conflicts: 1,
          missingImages: ['images/a.png'],
          missingImageCount: 1,
          warnings: ['a.md: no date'],
          warningCount: 1,
        })}
      />,
    )
    expect(text(html)).toBe(
      '|Dry run: nothing was written (markdown)|2 posts would be created.|Skipped 1 (1 conflict)|' +
        'post “hello”: a post with this slug already exists|Images not found (1)|images/a.png|Warnings (1)|a.md: no date|',
    )
    expect(html).toContain('aria-label="Import report"')
    expect(html).toContain('tabindex="-1"')
  })

  it('says how many more there are than the server named', () => {
    const html = renderToStaticMarkup(
      <ImportReportView report={report({ warnings: ['one', 'two'], warningCount: 4000 })} />,
    )
    expect(text(html)).toBe('|Import finished (markdown)|2 posts created.|Warnings (4000)|one|two|and 3998 more|')
  })

  it('leaves out the lists that are empty', () => {
    expect(text(renderToStaticMarkup(<ImportReportView report={report({ created: created(0) })} />))).toBe(
      '|Import finished (markdown)|Nothing new created.|',
    )
  })
})
