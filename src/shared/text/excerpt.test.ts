import { describe, expect, it } from 'vitest'
import { EXCERPT_LENGTH, firstImageUrl, makeExcerpt } from './excerpt.ts'

describe('makeExcerpt', () => {
  it('strips images, markdown symbols and links, and collapses whitespace', () => {
    const md = '# Title\n\n![hero](/a.png) Some **bold** and *italic* text with a [link](https://x.com).\n\n- item\n> quote\n\n`code`'
    expect(makeExcerpt(md)).toBe('Title Some bold and italic text with a link. item quote code')
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

  it('drops fenced code and raw tags', () => {
    expect(makeExcerpt('Intro\n\n```js\nconst x = 1\n```\n\n<b>bold</b> end')).toBe('Intro bold end')
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
