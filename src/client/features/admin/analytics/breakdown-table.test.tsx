import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { BreakdownTable } from './breakdown-table.tsx'
import { VisitsChart } from './visits-chart.tsx'

describe('analytics tables', () => {
  it('ranks rows with a bar as wide as the share, the share in words, escaped names and a CSV link', () => {
    const html = renderToStaticMarkup(
      <BreakdownTable
        title="Referrers"
        csvHref="/api/analytics/export.csv?days=7&table=referrer"
        onSelect={() => {}}
        selected="<b>evil</b>.example"
        rows={[
          { value: 'www.google.com', label: 'www.google.com', views: 3, visitors: 2, percent: 75 },
          { value: '<b>evil</b>.example', label: '<b>evil</b>.example', views: 1, visitors: 1, percent: 25 },
        ]}
      />,
    )
    expect(html).toContain('<caption class="sr-only">Referrers</caption>')
    expect(html).toContain('href="/api/analytics/export.csv?days=7&amp;table=referrer"')
    expect(html).toContain('aria-label="Export Referrers as CSV"')
    expect(html).toContain('style="width:75%"')
    expect(html).toMatch(/<button type="button"[^>]*>www.google.com<\/button>/)
    expect(html).toContain('&lt;b&gt;evil&lt;/b&gt;.example')
    expect(html).not.toContain('<b>evil')
    expect(html).toMatch(/<tr aria-current="true">.*evil/)
    expect(html).toContain('>25%</td>')
  })

  it('says so when the range has no rows', () => {
    const html = renderToStaticMarkup(<BreakdownTable title="Devices" csvHref="/x" rows={[]} />)
    expect(html).toContain('No data for this range')
    expect(html).not.toContain('<table')
  })

  it('gives screen readers the chart as a table of visitors and views per day, under a legend of both totals', () => {
    const html = renderToStaticMarkup(
      <VisitsChart
        days={[
          { day: '2026-03-09', views: 4, visitors: 3 },
          { day: '2026-03-10', views: 0, visitors: 0 },
        ]}
      />,
    ).replace(/ class="[^"]*"/g, '')
    expect(html).toContain(
      '<dl><div><dt><span aria-hidden="true"></span>Visitors</dt><dd>3</dd></div>' +
        '<div><dt><span aria-hidden="true"></span>Views</dt><dd>4</dd></div></dl>',
    )
    expect(html).toContain(
      '<table><caption>Visitors and views per day</caption><thead><tr><th scope="col">Day</th><th scope="col">Visitors</th><th scope="col">Views</th></tr></thead>' +
        '<tbody><tr><th scope="row">Mar 9</th><td>3</td><td>4</td></tr><tr><th scope="row">Mar 10</th><td>0</td><td>0</td></tr></tbody></table>',
    )
  })
})
