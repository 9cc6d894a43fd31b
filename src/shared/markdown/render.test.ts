import { describe, expect, it } from 'vitest'
import { headingsOf } from './headings.ts'
import { CONTENT_UNAVAILABLE, renderMarkdown } from './render.ts'

/** Every tag the output opens; text '<' is always escaped, so each '<' starts a real tag. */
function tags(html: string): string[] {
  return html.match(/<[a-zA-Z][^>]*>/g) ?? []
}
/** Attribute names and values of a tag; the tag must be well formed with double-quoted values. */
function attributes(tag: string): Array<[string, string]> {
  const match = /^<[a-zA-Z0-9]+((?:\s+[a-zA-Z-]+(?:="[^"<>]*")?)*)\s*\/?>$/.exec(tag)
  if (!match) throw new Error(`malformed tag in output: ${tag}`)
  return [...(match[1] ?? '').matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)].map((m) => [m[1] ?? '', m[2] ?? ''])
}
function expectInert(html: string) {
  expect(html).not.toMatch(/<script/i)
  expect(html).not.toMatch(/<(iframe|object|embed|svg|math|style|form|details|input(?![^>]*type="checkbox"))/i)
  for (const tag of tags(html)) {
    for (const [name, value] of attributes(tag)) {
      expect(name).not.toMatch(/^on/i)
      if (name === 'href' || name === 'src') {
        const url = value.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/\s/g, '').toLowerCase()
        expect(url).not.toMatch(/^(javascript|data|vbscript|file):/)
        expect(url).not.toMatch(/^\/\//)
      }
    }
  }
}

describe('heading ids, anchors and the table of contents', () => {
  it('gives every heading a stable id from its text and a link to itself', () => {
    const html = renderMarkdown('## Set *up* & go\n\ntext')
    expect(html).toContain(
      '<h2 id="set-up-go">Set <em>up</em> &amp; go<a class="heading-anchor" href="#set-up-go" aria-label="Link to this section">#</a></h2>',
    )
  })

  it('keeps ids unique, away from the page’s own ids, and never empty', () => {
    const md = '## Intro\n\n## Intro\n\n## Comments\n\n## 日本語\n\n## `<script>`'
    const headings = headingsOf(md)
    expect(headings.map((h) => h.id)).toEqual(['intro', 'intro-2', 'comments-2', 'section', 'script'])
    expect(headings.map((h) => h.text)).toEqual(['Intro', 'Intro', 'Comments', '日本語', '<script>'])
    // The rendered headings carry exactly the listed ids.
    expect([...renderMarkdown(md).matchAll(/<h2 id="([^"]+)"/g)].map((m) => m[1])).toEqual(headings.map((h) => h.id))
  })

  it('lists h2 and h3 (after the level shift) for the table of contents, not h4', () => {
    expect(headingsOf('# Top\n\n## Mid\n\n### Deep\n\n# Again')).toEqual([
      { id: 'top', text: 'Top', level: 2 },
      { id: 'mid', text: 'Mid', level: 3 },
      { id: 'again', text: 'Again', level: 2 },
    ])
  })

  it('gives the same ids on every render (the server, the editor preview)', () => {
    const md = '## A *b* [c](/x)\n\n## A b c\n\n### ![d](/e.png)'
    expect(renderMarkdown(md)).toBe(renderMarkdown(md))
    const ids = [...renderMarkdown(md).matchAll(/<h[23] id="([^"]+)"/g)].map((m) => m[1])
    expect(ids).toEqual(headingsOf(md).map((h) => h.id))
  })

  it('puts a copy button on every code block', () => {
    const html = renderMarkdown('```\none\n```\n\n    indented')
    expect(
      html.match(
        /<button type="button" class="copy-code" aria-label="Copy code">Copy<\/button><pre tabindex="0" role="group" aria-label="Code(: \w+)?">/g,
      ),
    ).toHaveLength(2)
  })
})

describe('renderMarkdown: the supported elements', () => {
  it('renders headings one level down (h2..h4)', () => {
    const html = renderMarkdown('# One\n\n## Two\n\n### Three\n\n#### Four\n\n###### Six')
    expect(html).toContain('<h2 id="one">One<a')
    expect(html).toContain('<h3 id="two">Two<a')
    expect(html).toContain('<h4 id="three">Three<a')
    expect(html).toContain('<h4 id="four">Four<a')
    expect(html).toContain('<h4 id="six">Six<a')
    expect(html).not.toContain('<h1')
  })

  it('starts at h2 whatever the top heading level of the content, keeping the order', () => {
    const html = renderMarkdown('## Section\n\n### Sub\n\ntext\n\n## Next')
    expect(html).toContain('<h2 id="section">Section<a')
    expect(html).toContain('<h3 id="sub">Sub<a')
    expect(html).toContain('<h2 id="next">Next<a')
    expect(renderMarkdown('### Only\n\ntext')).toContain('<h2 id="only">Only<a')
  })

  it('renders bold, italic and inline code', () => {
    const html = renderMarkdown('**bold** and *italic* and _also_ and `a < b`')
    expect(html).toBe('<p><strong>bold</strong> and <em>italic</em> and <em>also</em> and <code>a &lt; b</code></p>\n')
  })

  it('renders fenced code escaped, with the language class, or highlighted when a highlighter is given', () => {
    const md = '```js\nif (a < b) alert("x")\n```'
    expect(renderMarkdown(md)).toBe(
      '<div class="code-block"><button type="button" class="copy-code" aria-label="Copy code">Copy</button><pre tabindex="0" role="group" aria-label="Code: js"><code class="hljs language-js">if (a &lt; b) alert(&quot;x&quot;)</code></pre></div>\n',
    )
    const calls: Array<[string, string]> = []
    const html = renderMarkdown(md, {
      highlight: (code, lang) => {
        calls.push([code, lang])
        return '<span class="hljs-keyword">if</span>'
      },
    })
    expect(calls).toEqual([['if (a < b) alert("x")', 'js']])
    expect(html).toContain('<code class="hljs language-js"><span class="hljs-keyword">if</span></code>')
  })

  it('falls back to escaped code when the highlighter declines or throws, and sanitises the language name', () => {
    expect(renderMarkdown('```cobol\n<x>\n```', { highlight: () => null })).toContain(
      '<code class="hljs language-cobol">&lt;x&gt;</code>',
    )
    const thrown = renderMarkdown('```js\n<x>\n```', {
      highlight: () => {
        throw new Error('boom')
      },
    })
    expect(thrown).toContain('&lt;x&gt;')
    expect(renderMarkdown('```"><script>\nx\n```')).not.toContain('<script')
    expect(renderMarkdown('```\nplain\n```')).toContain(
      '<pre tabindex="0" role="group" aria-label="Code"><code class="hljs">plain</code></pre>',
    )
  })

  it('renders other images lazily, with escaped alt and known sizes', () => {
    const html = renderMarkdown('![A "cat" <pic>](/uploads/cat.png "Title")', {
      images: { '/uploads/cat.png': { width: 640, height: 480 } },
    })
    expect(html).toContain(
      '<img src="/uploads/cat.png" alt="A &quot;cat&quot; &lt;pic&gt;" title="Title" width="640" height="480" loading="lazy" decoding="async">',
    )
    expect(renderMarkdown('![x](https://cdn.example.com/a.webp)')).toContain(
      '<img src="https://cdn.example.com/a.webp" alt="x" loading="lazy" decoding="async">',
    )
  })

  it('renders an upload as a <picture> with AVIF and WebP sources, its size and placeholder colour', () => {
    const hash = 'b'.repeat(64)
    const url = `/uploads/${hash}.jpg`
    const html = renderMarkdown(`![Sea](${url})`, { images: { [url]: { width: 1200, height: 800, color: '#336699' } } })
    expect(html).toContain('<picture><source type="image/avif" srcset="')
    expect(html).toContain(`/uploads/${hash}-1600.avif 1200w" sizes="(min-width: 768px) 720px, calc(100vw - 2rem)">`)
    expect(html).toContain(
      `<source type="image/webp" srcset="/uploads/${hash}-480.webp 480w, /uploads/${hash}-960.webp 960w, /uploads/${hash}-1600.webp 1200w"`,
    )
    expect(html).toContain(`<img src="/uploads/${hash}-960.jpg" srcset="/uploads/${hash}-480.jpg 480w`)
    expect(html).toContain(
      'alt="Sea" width="1200" height="800" loading="lazy" decoding="async" style="background-color:#336699"></picture>',
    )
    expect(html).not.toContain(`src="${url}"`)
    // A colour that is not a plain hex never reaches the style attribute.
    expect(
      renderMarkdown(`![x](${url})`, { images: { [url]: { width: 1, height: 1, color: 'red;background:url(x)' } } }),
    ).not.toContain('style=')
  })

  it('gives the first image fetchpriority="high" instead of lazy loading when it is the largest paint', () => {
    const md = '![one](/uploads/one.png)\n\n![two](/uploads/two.png)'
    const html = renderMarkdown(md, { priorityFirstImage: true })
    expect(html).toContain('alt="one" fetchpriority="high" decoding="async"')
    expect(html).toContain('alt="two" loading="lazy"')
    expect(renderMarkdown(md)).not.toContain('fetchpriority')
    // With the first image omitted (it is the featured image), the priority goes to none of the others.
    expect(renderMarkdown(md, { omitImage: '/uploads/one.png' })).not.toContain('fetchpriority')
    expect(renderMarkdown(md, { omitImage: '/uploads/one.png', priorityFirstImage: true })).toContain(
      'alt="two" fetchpriority="high"',
    )
  })

  it('opens links in a new tab with noopener, allowing http(s), mailto and site paths', () => {
    expect(renderMarkdown('[site](https://example.com/a?b=1&c=2 "T")')).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=2" title="T" target="_blank" rel="noopener noreferrer">site</a></p>\n',
    )
    expect(renderMarkdown('[me](mailto:me@example.com)')).toContain(
      'href="mailto:me@example.com" target="_blank" rel="noopener noreferrer"',
    )
    expect(renderMarkdown('[about](/about)')).toContain(
      '<a href="/about" target="_blank" rel="noopener noreferrer">about</a>',
    )
    expect(renderMarkdown('see https://example.com now')).toContain('<a href="https://example.com" target="_blank"')
  })

  it('renders lists, blockquotes and tables', () => {
    expect(renderMarkdown('- a\n- b')).toBe('<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n')
    expect(renderMarkdown('1. a\n2. b')).toBe('<ol>\n<li>a</li>\n<li>b</li>\n</ol>\n')
    expect(renderMarkdown('> quoted')).toBe('<blockquote>\n<p>quoted</p>\n</blockquote>\n')
    const table = renderMarkdown('| a | b |\n|---|:-:|\n| 1 | 2 |')
    expect(table).toContain('<table>')
    expect(table).toContain('<th>a</th>')
    expect(table).toContain('<td align="center">2</td>')
  })

  it('shows "Content unavailable" for empty or missing content', () => {
    expect(renderMarkdown('')).toBe(CONTENT_UNAVAILABLE)
    expect(renderMarkdown('   \n ')).toBe(CONTENT_UNAVAILABLE)
    expect(renderMarkdown(null)).toBe('<p>Content unavailable</p>')
    expect(renderMarkdown(undefined)).toBe('<p>Content unavailable</p>')
  })

  it('falls back to the raw text escaped in <pre> when rendering fails', () => {
    const html = renderMarkdown('# <b>x</b>', {
      highlight: () => null,
      images: new Proxy(
        {},
        {
          get: () => {
            throw new Error('x')
          },
        },
      ),
    })
    // No image here, so sizes are never read and the render succeeds.
    expect(html).toContain('<h2 id="b-x-b">')
    const failing = renderMarkdown('![a](/a.png) <b>', {
      images: new Proxy(
        {},
        {
          get: () => {
            throw new Error('boom')
          },
        },
      ),
    })
    expect(failing).toBe('<pre>![a](/a.png) &lt;b&gt;</pre>')
  })
})

describe('renderMarkdown: the featured image rule', () => {
  const md = '![hero](/uploads/hero.jpg)\n\nText\n\n![second](/uploads/two.jpg)'

  it('drops the first image when it is the featured image', () => {
    const html = renderMarkdown(md, { omitImage: '/uploads/hero.jpg' })
    expect(html).not.toContain('hero.jpg')
    expect(html).toContain('/uploads/two.jpg')
  })

  it('keeps everything when the featured image is not the first image', () => {
    const html = renderMarkdown(md, { omitImage: '/uploads/two.jpg' })
    expect(html).toContain('/uploads/hero.jpg')
    expect(html).toContain('/uploads/two.jpg')
  })

  it('keeps the first image without omitImage', () => {
    expect(renderMarkdown(md)).toContain('/uploads/hero.jpg')
    expect(renderMarkdown(md, { omitImage: null })).toContain('/uploads/hero.jpg')
  })
})

describe('renderMarkdown: hostile content comes out inert', () => {
  const corpus = [
    '<script>alert(1)</script>',
    '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
    'text <script>alert(1)</script> inline',
    '<img src=x onerror=alert(1)>',
    '<img src="x" onerror="alert(1)">',
    'a <b onmouseover="alert(1)">b</b> c',
    '<div onclick="alert(1)">x</div>',
    '<svg onload=alert(1)>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<a href="javascript:alert(1)">x</a>',
    '<style>body{background:url(javascript:alert(1))}</style>',
    '[x](javascript:alert(1))',
    '[x](JAVASCRIPT:alert(1))',
    '[x](  javascript:alert(1))',
    '[x](<java\tscript:alert(1)>)',
    '[x](<java\nscript:alert(1)>)',
    '[x](jav&#x61;script:alert(1))',
    '[x](jav&#97;script:alert(1))',
    '[x](javascript&colon;alert(1))',
    '[x](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))',
    '[x](\\javascript:alert(1))',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[x](vbscript:msgbox(1))',
    '[x](VBScript:msgbox(1))',
    '[x](//evil.example/path)',
    '[x](/\\evil.example)',
    '[x]: javascript:alert(1)\n\n[ref][x]',
    '<javascript:alert(1)>',
    '![x](javascript:alert(1))',
    '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
    '![x](jav&#x09;ascript:alert(1))',
    '![x](vbscript:x)',
    '![x" onerror="alert(1)](/a.png)',
    '![x](/a.png "t\\" onerror=\\"alert(1)")',
    '![x](/a.png"onerror="alert(1))',
    '[a"><script>alert(1)</script>](/x)',
    '[a](/x"><script>alert(1)</script>)',
    '[a](https://ok.example "\\"><script>alert(1)</script>")',
    '![">`<script>alert(1)</script>](/x.png)',
    '<img src="x" alt="',
    '<scr<script>ipt>alert(1)</script>',
    '<!-- <script>alert(1)</script> -->',
    '```\n</code></pre><script>alert(1)</script>\n```',
    '`</code><script>alert(1)</script>`',
    '| a |\n|---|\n| <script>alert(1)</script> |',
    '- <img src=x onerror=alert(1)>',
    '> <a href="javascript:alert(1)">q</a>',
    '**<img src=x onerror=alert(1)>**',
    '<details open ontoggle=alert(1)>',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  ]

  it.each(corpus)('%s', (input) => {
    expectInert(renderMarkdown(input))
    expectInert(renderMarkdown(input, { omitImage: '/a.png' }))
  })

  it('shows raw HTML as the text that was typed', () => {
    expect(renderMarkdown('<b>bold?</b>')).toBe('<p>&lt;b&gt;bold?&lt;/b&gt;</p>\n')
    expect(renderMarkdown('hi <b>there</b>')).toBe('<p>hi &lt;b&gt;there&lt;/b&gt;</p>\n')
  })

  it('renders an unsafe link as its text and an unsafe image as its alt text', () => {
    expect(renderMarkdown('[click me](javascript:alert(1))')).toBe('<p>click me</p>\n')
    expect(renderMarkdown('[click](jav&#x61;script:alert(1))')).toBe('<p>click</p>\n')
    expect(renderMarkdown('![the alt](data:image/png;base64,AAAA)')).toBe('<p>the alt</p>\n')
  })

  it('keeps safe URLs working after entity decoding', () => {
    expect(renderMarkdown('[x](https://example.com/?a=1&amp;b=2)')).toContain('href="https://example.com/?a=1&amp;b=2"')
  })
})
