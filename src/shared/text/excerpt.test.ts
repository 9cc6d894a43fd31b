import { describe, expect, it } from 'vitest'
import { EXCERPT_LENGTH, firstImageUrl, isGeneratedExcerpt, makeExcerpt } from './excerpt.ts'

describe('makeExcerpt', () => {
  it('strips images, markdown symbols and links, and collapses whitespace', () => {
    const md =
      '# Title\n\n![hero](/a.png) Some **bold** and *italic* text with a [link](https://x.com).\n\n- item\n> quote\n\n`code`'
    expect(makeExcerpt(md)).toBe('Title. Some bold and italic text with a link. item. quote. code')
  })

  it('keeps a heading a sentence of its own, whatever its style', () => {
    expect(makeExcerpt('## Getting started\nInstall it first.')).toBe('Getting started. Install it first.')
    expect(makeExcerpt('Setext heading\n==============\nBody text')).toBe('Setext heading. Body text')
    expect(makeExcerpt('Ends with a question?\n\n### Next part')).toBe('Ends with a question? Next part')
    expect(makeExcerpt('> # Quoted heading\n> quoted text')).toBe('Quoted heading. quoted text')
  })

  it('drops tables whole', () => {
    const md =
      'Intro\n\nA table\n\n| Feature | Status | Notes |\n|---------|--------|-------|\n| Tables | yes | ok |\n\nAfter'
    expect(makeExcerpt(md)).toBe('Intro. A table. After')
  })

  it('drops horizontal rules of every kind', () => {
    expect(makeExcerpt('One\n\n---\n\nTwo\n\n***\n\n___\n\nThree')).toBe('One. Two. Three')
  })

  it('keeps link text and drops every link address, bare or in angle brackets', () => {
    expect(makeExcerpt('Read [the guide](https://example.com/guide "Guide") now')).toBe('Read the guide now')
    expect(makeExcerpt('Ref [the docs][d] here\n\n[d]: https://docs.example.com')).toBe('Ref the docs here')
    expect(makeExcerpt('See https://example.com/a/b and <https://x.y> or <me@example.com> now')).toBe('See and or now')
  })

  it('drops images, with their alt text and address', () => {
    expect(
      makeExcerpt('Before ![a diagram](/uploads/d.png "Diagram") after\n\n![](https://cdn.example.com/x.jpg)'),
    ).toBe('Before after')
    expect(makeExcerpt('Look at this ![chart](/c.png), then that ![](/d.png).')).toBe('Look at this, then that.')
  })

  it('drops code blocks, fenced or indented, and keeps inline code as text', () => {
    expect(
      makeExcerpt('Run `npm start`.\n\n```js\nconst x = 1\n```\n\n~~~\nmore\n~~~\n\n    indented code\n\nEnd'),
    ).toBe('Run npm start. End')
  })

  it('reads lists as a series, or as sentences when the items are sentences', () => {
    expect(makeExcerpt('Features:\n\n- fast\n- small\n- typed\n\n1. First step.\n2. Second step.')).toBe(
      'Features: fast, small, typed. First step. Second step.',
    )
    expect(makeExcerpt('- [ ] todo\n- [x] done')).toBe('todo, done')
  })

  it('keeps escaped characters, entities and inner underscores as the reader sees them', () => {
    expect(makeExcerpt('Escaped \\*stars\\* &amp; snake_case_name and ~~struck~~ __strong__ _em_')).toBe(
      'Escaped *stars* & snake_case_name and struck strong em',
    )
  })

  it('keeps the text of raw HTML without its tags', () => {
    expect(makeExcerpt('<div class="x">raw <b>html</b></div>\n\ntext <span>inline</span>')).toBe(
      'raw html. text inline',
    )
  })

  it('keeps text of 200 characters or less whole, without dots', () => {
    const text = 'a'.repeat(EXCERPT_LENGTH)
    expect(EXCERPT_LENGTH).toBe(200)
    expect(makeExcerpt(text)).toBe(text)
  })

  it("cuts longer text to 200 characters and adds '...'", () => {
    const text = 'b'.repeat(250)
    expect(makeExcerpt(text)).toBe(`${'b'.repeat(200)}...`)
    const words = 'word '.repeat(60)
    const excerpt = makeExcerpt(words)
    expect(excerpt.endsWith('...')).toBe(true)
    expect(excerpt.length).toBeLessThanOrEqual(203)
    expect(excerpt).not.toMatch(/\s\.\.\.$/)
  })

  it('cuts between words, never inside one, and drops a dangling comma', () => {
    const text = `${'Short words here, '.repeat(11)}and when it happens again`
    const excerpt = makeExcerpt(text)
    expect(excerpt).toBe(`${'Short words here, '.repeat(11).trimEnd().replace(/,$/, '')}...`)
    expect(text.startsWith(excerpt.slice(0, -3))).toBe(true)
    expect(makeExcerpt(`${'x'.repeat(199)} tail`)).toBe(`${'x'.repeat(199)}...`)
  })

  it('tells a generated excerpt (by this rule or the earlier hard cut) from one the writer typed', () => {
    const content = 'word '.repeat(60)
    expect(isGeneratedExcerpt(makeExcerpt(content), content)).toBe(true)
    expect(isGeneratedExcerpt(`${content.slice(0, 200).trimEnd()}...`, content)).toBe(true)
    expect(isGeneratedExcerpt('My own summary.', content)).toBe(false)
    expect(isGeneratedExcerpt(makeExcerpt(content), 'other content')).toBe(false)
  })

  it('drops fenced code and raw tags', () => {
    expect(makeExcerpt('Intro\n\n```js\nconst x = 1\n```\n\n<b>bold</b> end')).toBe('Intro. bold end')
  })

  it('is empty for empty content', () => {
    expect(makeExcerpt('')).toBe('')
  })
})

describe('firstImageUrl', () => {
  it('finds the first image in the content', () => {
    expect(firstImageUrl('text ![a](/uploads/one.png) and ![b](/uploads/two.png)')).toBe('/uploads/one.png')
    expect(firstImageUrl('![a](https://cdn.example.com/x.jpg "title")')).toBe('https://cdn.example.com/x.jpg')
    expect(firstImageUrl('![a](<https://cdn.example.com/y.jpg>)')).toBe('https://cdn.example.com/y.jpg')
  })

  it('ignores links and returns null without images', () => {
    expect(firstImageUrl('[not an image](/x.png)')).toBeNull()
    expect(firstImageUrl('')).toBeNull()
  })
})

describe('markdownToPlainText for the search index', () => {
  it('keeps every word a reader can find: code, table cells, alt text; still no URLs or syntax', async () => {
    const { markdownToPlainText } = await import('./markdown-plain-text.ts')
    const md =
      '# Title here\n\nSome **bold** and [a link](https://example.com/x) and ![alt words](/uploads/a.png).\n\n| A | B |\n|---|---|\n| cell1 | cell2 |\n\n```js\nconst answer = 42\n```'
    const text = markdownToPlainText(md, { searchable: true })
    for (const word of ['Title here', 'bold', 'a link', 'alt words', 'cell1', 'cell2', 'const answer = 42'])
      expect(text).toContain(word)
    expect(text).not.toMatch(/https?:|uploads|\*\*|\||#/)
    expect(markdownToPlainText(md)).not.toContain('cell1')
  })
})
