import { describe, expect, it } from 'vitest'
import { listSearch, matchPublicRoute, readListParams } from './public-routes.ts'

describe('matchPublicRoute', () => {
  it.each([
    ['/', { name: 'home' }],
    ['/blog', { name: 'blog' }],
    ['/blog/', { name: 'blog' }],
    ['/blog/hello-world', { name: 'post', slug: 'hello-world' }],
    ['/blog/caf%C3%A9', { name: 'post', slug: 'café' }],
    ['/category/code', { name: 'category', slug: 'code' }],
    ['/tag/markdown', { name: 'tag', tag: 'markdown' }],
    ['/tag/c%2B%2B', { name: 'tag', tag: 'c++' }],
    ['/tag/a%2Fb', { name: 'tag', tag: 'a/b' }],
    ['/tag/x/rss.xml', { name: 'not-found' }],
    ['/about', { name: 'footer-page', slug: 'about' }],
    ['/anything-else', { name: 'footer-page', slug: 'anything-else' }],
    ['/blog/a/b', { name: 'not-found' }],
    ['/category', { name: 'footer-page', slug: 'category' }],
    ['/x/y', { name: 'not-found' }],
    ['/blog/%E0%A4%A', { name: 'not-found' }],
    // Like any API path parameter (ADR 090): a control character names nothing (PostgreSQL cannot even compare it).
    ['/blog/a%00b', { name: 'not-found' }],
    ['/category/a%00', { name: 'not-found' }],
    ['/tag/e%CC%81%ED%A0%80', { name: 'not-found' }],
    ['/tag/e%CC%81%E2%80%AE', { name: 'tag', tag: '\u00e9\u202e' }],
  ])('%s', (path, route) => {
    expect(matchPublicRoute(path)).toEqual(route)
  })
})

describe('readListParams / listSearch', () => {
  it('reads and normalises the URL filters', () => {
    expect(readListParams('?q=%20react%20&sort=popular&category=code&page=3')).toEqual({
      q: 'react',
      sort: 'popular',
      category: 'code',
      page: 3,
    })
    expect(readListParams('?sort=sideways&page=-2')).toEqual({ q: '', sort: 'latest', category: '', page: 1 })
    expect(readListParams('?q=a%00b%ED%A0%80&category=%00')).toEqual({
      q: 'ab\uFFFD\uFFFD\uFFFD',
      sort: 'latest',
      category: '',
      page: 1,
    })
    expect(readListParams('?page=abc').page).toBe(1)
    expect(readListParams('?q=' + 'x'.repeat(500)).q).toHaveLength(200)
  })

  it('lets the category route win over ?category=', () => {
    expect(readListParams('?category=other', 'code').category).toBe('code')
  })

  it('gives a tag page its tag and no category filter', () => {
    expect(readListParams('?category=other&page=2', '', 'Markdown')).toEqual({
      q: '',
      sort: 'latest',
      category: '',
      page: 2,
      tag: 'Markdown',
    })
    expect(readListParams('?category=other')).not.toHaveProperty('tag')
  })

  it('writes short URLs, leaving defaults out', () => {
    expect(listSearch({ q: '', sort: 'latest', category: '', page: 1 })).toBe('')
    expect(listSearch({ q: 'a b', sort: 'oldest', category: 'code', page: 2 })).toBe(
      '?q=a+b&sort=oldest&category=code&page=2',
    )
    expect(listSearch({ category: 'code', page: 2 }, false)).toBe('?page=2')
  })
})
