import { describe, expect, it } from 'vitest'
import { commentsAfterOf, commentsPageUrl, nextFromLink } from './comments-page.ts'

describe('comment pages', () => {
  it('reads the next page from a Link header, and nothing without one', () => {
    expect(nextFromLink('</api/posts/p1/comments?after=c-50>; rel="next"')).toBe('c-50')
    expect(nextFromLink('</x?after=a%2Fb>; rel="prev", </x?after=c%20d>; rel="next"')).toBe('c d')
    expect(nextFromLink('</x?after=a>; rel="prev"')).toBeNull()
    expect(nextFromLink(null)).toBeNull()
  })

  it('addresses a page by the comment it follows', () => {
    expect(commentsPageUrl('p 1')).toBe('/api/posts/p%201/comments')
    expect(commentsPageUrl('p1', 'c/2')).toBe('/api/posts/p1/comments?after=c%2F2')
  })

  it("takes a post page's comments-after only when it could be an id", () => {
    expect(commentsAfterOf('?comments-after=c-50')).toBe('c-50')
    expect(commentsAfterOf('?comments-after=')).toBeUndefined()
    expect(commentsAfterOf(`?comments-after=${'x'.repeat(65)}`)).toBeUndefined()
    expect(commentsAfterOf('?page=2')).toBeUndefined()
  })
})
