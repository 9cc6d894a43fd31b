import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { FooterPageContent } from './footer-page-content.tsx'

const render = (content: string) =>
  renderToStaticMarkup(<FooterPageContent content={content} />).replace(/ class="[^"]*"/g, '')

describe('footer page line renderer (spec §2)', () => {
  it('turns headings, bullets, paragraphs and spacers into elements, one level below the page title', () => {
    const html = render('# Title\n## Sub\n### Small\n- one\n- **two**\n\n---\nPlain with **bold** text')
    expect(html).toBe(
      '<div><h2>Title</h2><h3>Sub</h3><h4>Small</h4><ul><li>one</li><li><strong>two</strong></li></ul>' +
        '<div aria-hidden="true"></div><div aria-hidden="true"></div><p>Plain with <strong>bold</strong> text</p></div>',
    )
  })

  it('removes bold markers in headings', () => {
    expect(render('## **Important** notice')).toBe('<div><h3>Important notice</h3></div>')
  })

  it('escapes everything typed', () => {
    const html = render('<script>alert(1)</script>\n- <img src=x onerror=alert(1)>\n# <b>x</b>')
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('<h2>&lt;b&gt;x&lt;/b&gt;</h2>')
  })
})
