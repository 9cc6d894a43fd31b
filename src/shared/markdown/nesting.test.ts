import { describe, expect, it } from 'vitest'
import { htmlNestingDepth, markdownNestingDepth, MAX_NESTING, nestsTooDeep } from './nesting.ts'
import { renderMarkdown } from './render.ts'
import { headingsOf } from './headings.ts'
import { contentRefs } from './inspect.ts'
import { markdownToPlainText } from '../text/markdown-plain-text.ts'

const nestedList = (levels: number) =>
  Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n')

describe('nesting depth, measured before parsing', () => {
  it('counts nested lists by marker and indentation, quotes by their markers', () => {
    expect(markdownNestingDepth(nestedList(440))).toBeGreaterThanOrEqual(440)
    expect(markdownNestingDepth('>'.repeat(20_000))).toBe(20_000)
    expect(markdownNestingDepth('> > > deep')).toBe(3)
    expect(markdownNestingDepth('- - - - 1. 2) > text')).toBe(7)
    expect(markdownNestingDepth('\t\t- tabbed')).toBe(5)
  })

  it('leaves ordinary writing well under the limit', () => {
    const post = [
      '# Title',
      'A paragraph with - dashes - and 3. numbers inside.',
      nestedList(6),
      '> A quote',
      '> - with a list',
      '',
      '```yaml',
      `${' '.repeat(80)}- deep: yaml inside a fence opens nothing`,
      '```',
      `${' '.repeat(40)}indented text without a marker`,
      '* * *',
    ].join('\n')
    expect(markdownNestingDepth(post)).toBeLessThanOrEqual(6)
    expect(nestsTooDeep(post)).toBe(false)
    expect(nestsTooDeep(nestedList(MAX_NESTING))).toBe(false)
    expect(nestsTooDeep(nestedList(MAX_NESTING + 1))).toBe(true)
  })

  it('counts HTML elements, not void or self-closed ones', () => {
    expect(htmlNestingDepth(`${'<div>'.repeat(50_000)}x${'</div>'.repeat(50_000)}`)).toBe(50_000)
    expect(htmlNestingDepth('<p>a<br>b<img src="x"><span/>c</p><p>d</p>')).toBe(1)
  })

  it('renders content nested past the limit as plain text, and every reader of Markdown agrees', () => {
    const quotes = `${'>'.repeat(20_000)} <b>hi</b>`
    expect(renderMarkdown(quotes)).toBe(`<pre>${'&gt;'.repeat(20_000)} &lt;b&gt;hi&lt;/b&gt;</pre>`)
    const list = `# Heading\n\n![pic](/uploads/a.png)\n\n${nestedList(440)}`
    expect(renderMarkdown(list).startsWith('<pre># Heading')).toBe(true)
    expect(headingsOf(list)).toEqual([])
    expect(contentRefs(list)).toEqual({ images: [], links: [] })
    expect(markdownToPlainText(list)).toContain('level 440')
    expect(renderMarkdown(nestedList(MAX_NESTING))).toContain('<li>level 32</li>')
  })
})
