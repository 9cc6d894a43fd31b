import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '#shared/markdown/render.ts'
import { highlight } from '#shared/markdown/highlight.ts'
import { sanitizePostHtml } from './sanitize.ts'

/** The sanitizer writes void elements as `<img … />`; the same markup either way. */
const same = (html: string) => html.replace(/\s*\/>/g, '>').replace(/=""/g, '')

describe('sanitizePostHtml', () => {
  it.each([
    ['<script>alert(1)</script>', /<script/i],
    ['<img src=x onerror="alert(1)">', /onerror/i],
    ['<a href="javascript:alert(1)">x</a>', /javascript:/i],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', /data:/i],
    ['<img src="data:image/svg+xml,<svg onload=alert(1)>">', /data:/i],
    ['<iframe src="https://evil.example"></iframe>', /<iframe/i],
    ['<svg><script>alert(1)</script></svg>', /<svg|<script/i],
    ['<p style="background:url(javascript:alert(1))">x</p>', /style=/i],
    ['<form action="https://evil.example"><input name="q"></form>', /<form|name=/i],
    ['<a href="//evil.example/x">x</a>', /evil\.example/],
    ['<h2 id="__QUERY_STATE__">x</h2>', /__QUERY_STATE__/],
    ['<input type="text" value="x">', /<input/],
    // Other values are emptied (an empty tabindex or role means none).
    ['<pre tabindex="5" role="button">x</pre>', /tabindex="|role="/],
    ['<p tabindex="0" role="group">x</p>', /tabindex|role/],
  ])('removes %s', (html, forbidden) => {
    expect(sanitizePostHtml(html)).not.toMatch(forbidden)
  })

  it('keeps what the renderer makes: headings, code highlighting, tables, lists, links, images with sizes', () => {
    const html = renderMarkdown(
      '# Title\n\n## Part\n\nText with [a link](https://example.com "t") and `code`.\n\n![alt](/uploads/a.png)\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n\n- [x] done\n\n```js\nconst a = 1\n```',
      { highlight, images: { '/uploads/a.png': { width: 800, height: 600 } } },
    )
    expect(same(sanitizePostHtml(html))).toBe(same(html))
  })

  it("keeps the renderer's pictures of uploads whole: sources, sizes, priority and placeholder colour", () => {
    const url = `/uploads/${'e'.repeat(64)}.jpg`
    const html = renderMarkdown(`![a photo](${url})`, {
      images: { [url]: { width: 1200, height: 800, color: '#a1b2c3' } },
      priorityFirstImage: true,
    })
    expect(html).toContain('<picture><source type="image/avif"')
    expect(html).toContain('style="background-color:#a1b2c3"')
    expect(same(sanitizePostHtml(html))).toBe(same(html))
  })

  it('keeps responsive image markup', () => {
    const html =
      '<picture><source type="image/avif" srcset="/uploads/a-480.avif 480w, /uploads/a-960.avif 960w" sizes="100vw"><img src="/uploads/a-960.jpg" alt="x" width="960" height="640" loading="lazy" decoding="async" fetchpriority="high"></picture>'
    expect(same(sanitizePostHtml(html))).toBe(same(html))
  })
})

describe('sanitizePostHtml keeps what the renderer makes for long posts', () => {
  it('keeps heading ids with their links and the code copy button, and nothing that could run', () => {
    const html = renderMarkdown('## Set up\n\n```js\nlet a = 1\n```')
    expect(sanitizePostHtml(html)).toBe(html)
    expect(sanitizePostHtml('<button type="submit" onclick="alert(1)" formaction="/x">x</button>')).toBe(
      '<button type="button">x</button>',
    )
  })
})
