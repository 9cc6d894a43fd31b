import { describe, expect, it } from 'vitest'
import { paths } from '../paths.ts'
import { isAdminPath, matchAdminRoute } from './admin-routes.ts'
import { matchPublicRoute } from './public-routes.ts'

describe('matchAdminRoute', () => {
  it.each([
    ['/admin', { name: 'dashboard' }],
    ['/admin/', { name: 'dashboard' }],
    ['/admin/dashboard', { name: 'dashboard' }],
    ['/admin/login', { name: 'login' }],
    ['/admin/forgot-password', { name: 'forgotPassword' }],
    ['/admin/reset-password', { name: 'resetPassword' }],
    ['/admin/posts', { name: 'posts' }],
    ['/admin/posts/new', { name: 'post-editor', id: null }],
    ['/admin/posts/abc/edit', { name: 'post-editor', id: 'abc' }],
    ['/admin/footer-pages/new', { name: 'footer-page-editor', id: null }],
    ['/admin/footer-pages/new/edit', { name: 'footer-page-editor', id: null }],
    ['/admin/footer-pages/f1/edit', { name: 'footer-page-editor', id: 'f1' }],
    ['/admin/analytics', { name: 'analytics' }],
    ['/admin/redirects/', { name: 'redirects' }],
    ['/admin/subscribers', { name: 'subscribers' }],
    ['/admin/posts/abc', { name: 'not-found' }],
    ['/admin/nope', { name: 'not-found' }],
  ])('%s', (path, route) => {
    expect(matchAdminRoute(path)).toEqual(route)
  })
})

describe('isAdminPath', () => {
  it('is /admin and everything under it, nothing else', () => {
    expect(['/admin', '/admin/', '/admin/posts'].map(isAdminPath)).toEqual([true, true, true])
    expect(['/', '/administrator', '/blog/admin'].map(isAdminPath)).toEqual([false, false, false])
  })
})

describe('built paths match their routes (one pattern for both)', () => {
  it('round-trips values that need encoding', () => {
    expect(matchPublicRoute(paths.post('café / 1'))).toEqual({ name: 'post', slug: 'café / 1' })
    expect(matchPublicRoute(paths.tag('C++'))).toEqual({ name: 'tag', tag: 'c++' })
    expect(matchPublicRoute(paths.category('a?b'))).toEqual({ name: 'category', slug: 'a?b' })
    expect(matchPublicRoute(paths.preview('t#1'))).toEqual({ name: 'preview', token: 't#1' })
    expect(matchPublicRoute(paths.footerPage('about'))).toEqual({ name: 'footer-page', slug: 'about' })
    expect(matchAdminRoute(paths.admin.editPost('p/1'))).toEqual({ name: 'post-editor', id: 'p/1' })
    expect(matchAdminRoute(paths.admin.editFooterPage('f 1'))).toEqual({ name: 'footer-page-editor', id: 'f 1' })
    expect(paths.categoryFeed('a b')).toBe('/category/a%20b/rss.xml')
  })
})
