import { describe, expect, it } from 'vitest'
import { insertAt, insertLink, prefixLines, wrapSelection } from './markdown-actions.ts'

describe('editor toolbar edits', () => {
  it('wraps the selection and keeps it selected', () => {
    expect(wrapSelection('say hello now', 4, 9, '**', 'bold text')).toEqual({ text: 'say **hello** now', start: 6, end: 11 })
  })
  it('inserts a selected placeholder when nothing is selected', () => {
    const edit = wrapSelection('ab', 1, 1, '_', 'italic text')
    expect(edit.text).toBe('a_italic text_b')
    expect(edit.text.slice(edit.start, edit.end)).toBe('italic text')
  })
  it('prefixes every selected line for lists', () => {
    expect(prefixLines('x\none\ntwo\ny', 3, 8, 'bullet').text).toBe('x\n- one\n- two\ny')
    expect(prefixLines('one\ntwo', 0, 7, 'number').text).toBe('1. one\n2. two')
  })
  it('builds a link around the selection with the url selected', () => {
    const edit = insertLink('see docs', 4, 8)
    expect(edit.text).toBe('see [docs](https://)')
    expect(edit.text.slice(edit.start, edit.end)).toBe('https://')
  })
  it('inserts at the cursor', () => {
    expect(insertAt('ac', 1, 1, 'b')).toEqual({ text: 'abc', start: 2, end: 2 })
  })
})
