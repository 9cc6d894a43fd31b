import { describe, expect, it } from 'vitest'
import { replaceImageAlt } from './image-alt.ts'

const URL = '/uploads/abc.png'

describe('replaceImageAlt', () => {
  it('fills images of that URL with no alt text, and changes the old library text', () => {
    const md = `A ![](${URL}) and ![Old words](${URL} "Title") and ![](/uploads/other.png)`
    expect(replaceImageAlt(md, URL, 'Old words', 'New words')).toBe(
      `A ![New words](${URL}) and ![New words](${URL} "Title") and ![](/uploads/other.png)`,
    )
  })

  it('keeps alt text the writer wrote differently, and escapes brackets', () => {
    expect(replaceImageAlt(`![Mine](${URL})`, URL, 'Old', 'New')).toBe(`![Mine](${URL})`)
    expect(replaceImageAlt(`![](<${URL}>)`, URL, '', 'a [b]')).toBe(`![a \\[b\\]](<${URL}>)`)
  })
})
