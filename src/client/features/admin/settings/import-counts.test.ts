import { describe, expect, it } from 'vitest'
import { countOf, countsText } from './import-counts.ts'

describe('import report counts', () => {
  it('says one in the singular and more in the plural', () => {
    expect(countOf('categories', 1)).toBe('1 category')
    expect(countOf('categories', 2)).toBe('2 categories')
    expect(countOf('footerPages', 1)).toBe('1 footer page')
    expect(countOf('notFound', 3)).toBe('3 404 log entries')
    expect(countOf('somethingNew', 4)).toBe('4 somethingNew')
  })

  it('lists the kinds counted, and nothing for none', () => {
    expect(countsText({ users: 0, categories: 1, posts: 12 })).toBe('1 category, 12 posts')
    expect(countsText({ posts: 0 })).toBeNull()
  })
})
