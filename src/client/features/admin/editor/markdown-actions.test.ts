import { describe, expect, it } from 'vitest'
import { imagesWithoutAlt } from './alt-text.ts'
import {
  imageMarkdown,
  insertAt,
  insertImage,
  insertLink,
  prefixLines,
  codeBlock,
  shiftAnchor,
  wrapSelection,
} from './markdown-actions.ts'

describe('editor toolbar edits', () => {
  it('wraps the selection and keeps it selected', () => {
    expect(wrapSelection('say hello now', 4, 9, '**', 'bold text')).toEqual({
      text: 'say **hello** now',
      start: 6,
      end: 11,
    })
  })
  it('inserts a selected placeholder when nothing is selected', () => {
    const edit = wrapSelection('ab', 1, 1, '_', 'italic text')
    expect(edit.text).toBe('a_italic text_b')
    expect(edit.text.slice(edit.start, edit.end)).toBe('italic text')
  })
  it('prefixes every selected line for lists', () => {
    expect(prefixLines('x\none\ntwo\ny', 3, 8, 'bullet').text).toBe('x\n- one\n- two\ny')
    expect(prefixLines('one\ntwo', 0, 7, 'number').text).toBe('1. one\n2. two')
    expect(prefixLines('a\ntitle', 3, 3, 'heading').text).toBe('a\n## title')
    expect(prefixLines('said\nthis', 0, 9, 'quote').text).toBe('> said\n> this')
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

describe('images in the editor', () => {
  it('writes image markdown without brackets or line breaks in the alt text', () => {
    expect(imageMarkdown('A [big] cat\n', '/uploads/x.png')).toBe('![A big cat](/uploads/x.png)')
    expect(imageMarkdown('', '/uploads/x.png')).toBe('![](/uploads/x.png)')
  })

  it('puts an image on a paragraph of its own, adding only the blank lines that are missing', () => {
    const img = '![](/u.png)'
    expect(insertImage('', 0, img)).toEqual({ text: img, start: img.length, end: img.length })
    expect(insertImage('Intro', 5, img).text).toBe(`Intro\n\n${img}`)
    expect(insertImage('Intro\n\nNext', 7, img).text).toBe(`Intro\n\n${img}\n\nNext`)
    expect(insertImage('One two', 3, img).text).toBe(`One\n\n${img}\n\n two`)
    expect(insertImage('Line\n', 5, img).text).toBe(`Line\n\n${img}`)
    const edit = insertImage('a\n\nb', 3, img)
    expect(edit.text.slice(0, edit.start)).toBe(`a\n\n${img}`)
  })

  it('moves a pending upload position with edits made while it uploads', () => {
    expect(shiftAnchor('Hello world', 'Hello big world', 11)).toBe(15) // typed before it
    expect(shiftAnchor('Hello world', 'Hello world!!', 5)).toBe(5) // typed after it
    expect(shiftAnchor('Hello world', 'Hello', 8)).toBe(5) // the text around it deleted
    expect(shiftAnchor('ab', 'aXb', 1)).toBe(2) // typed exactly at it: the image follows what was typed
    expect(shiftAnchor('same', 'same', 2)).toBe(2)
  })

  it('finds images without alt text, ignoring code', () => {
    const md = '![](/a.png)\n\n![ok](/b.png)\n\n![  ](/c.png)\n\n```\n![](/in-code.png)\n```\n\nText ![](/d.png)'
    expect(imagesWithoutAlt(md)).toEqual(['/a.png', '/c.png', '/d.png'])
    expect(imagesWithoutAlt('No images')).toEqual([])
  })
})

describe('codeBlock', () => {
  it('fences the selection on lines of its own and keeps it selected', () => {
    const edit = codeBlock('run npm start now', 4, 13)
    expect(edit.text).toBe('run \n```\nnpm start\n```\n now')
    expect(edit.text.slice(edit.start, edit.end)).toBe('npm start')
    expect(codeBlock('', 0, 0).text).toBe('```\ncode\n```')
  })
})
