import { describe, expect, it } from 'vitest'
import { importProgressLabel } from './import-progress.ts'

describe('import progress label', () => {
  it('names the steps that count nothing in words, without a count', () => {
    expect(importProgressLabel({ phase: 'queued', done: 0, total: null })).toBe('Waiting for the import to start…')
    expect(importProgressLabel({ phase: 'reading', done: 0, total: null })).toBe('Reading the file…')
    expect(importProgressLabel({ phase: 'counting', done: 0, total: null })).toBe('Counting what the file holds…')
    expect(importProgressLabel({ phase: 'done', done: 1, total: 1 })).toBe('Finishing…')
  })

  it('counts the items of a kind as the report names them, of how many when known', () => {
    expect(importProgressLabel({ phase: 'posts', done: 200, total: 4000 })).toBe('Importing 200 of 4000 posts')
    expect(importProgressLabel({ phase: 'images', done: 0, total: 1 })).toBe('Importing 0 of 1 image')
    expect(importProgressLabel({ phase: 'comments', done: 1000, total: null })).toBe('Importing 1000 comments')
  })

  it('still says something of a step it does not know', () => {
    expect(importProgressLabel({ phase: 'constructor', done: 0, total: null })).toBe('Importing constructor…')
  })
})
