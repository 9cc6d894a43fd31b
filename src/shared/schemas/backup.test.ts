import { describe, expect, it } from 'vitest'
import { IMPORT_KINDS, countOfKind, kindName } from './backup.ts'

describe('import report counts', () => {
  it('say one thing in the singular and several in the plural', () => {
    expect(countOfKind('categories', 1)).toBe('1 category')
    expect(countOfKind('categories', 3)).toBe('3 categories')
    expect(countOfKind('footerPages', 1)).toBe('1 page')
    expect(countOfKind('notFound', 2)).toBe('2 404-log entries')
    expect(countOfKind('posts', 0)).toBe('0 posts')
    expect(countOfKind('subscribers', 1)).toBe('1 subscriber')
    expect(countOfKind('authorProfiles', 2)).toBe('2 author profiles')
    expect(countOfKind('analytics', 1)).toBe('1 analytics row')
    expect(countOfKind('unsubscribeKey', 1)).toBe('1 unsubscribe key')
  })

  it('name every kind in words, not by its key', () => {
    for (const kind of IMPORT_KINDS) expect(kindName(kind)).toMatch(/^[a-z0-9 -]+$/)
    expect(kindName('twoFactor')).toBe('second factor')
  })
})
