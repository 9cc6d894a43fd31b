import { matchPath } from './match-path.ts'
import { patterns } from './patterns.ts'

const admin = patterns.admin

/** Everything under /admin is the client-rendered admin panel; the rest is the server-rendered reader site. */
export function isAdminPath(pathname: string): boolean {
  return pathname === admin.root || pathname.startsWith(`${admin.root}/`)
}

/** The admin routes of spec §2. An editor's `id` is null in create mode. */
export type AdminRoute =
  | { name: 'login' }
  | { name: 'forgotPassword' }
  | { name: 'resetPassword' }
  | { name: 'dashboard' }
  | { name: 'posts' }
  | { name: 'post-editor'; id: string | null }
  | { name: 'categories' }
  | { name: 'media' }
  | { name: 'comments' }
  | { name: 'settings' }
  | { name: 'analytics' }
  | { name: 'redirects' }
  | { name: 'subscribers' }
  | { name: 'footer-page-editor'; id: string | null }
  | { name: 'not-found' }

const PAGES = [
  'login',
  'forgotPassword',
  'resetPassword',
  'dashboard',
  'posts',
  'categories',
  'media',
  'comments',
  'settings',
  'analytics',
  'redirects',
  'subscribers',
] as const

export function matchAdminRoute(pathname: string): AdminRoute {
  if (matchPath(admin.root, pathname)) return { name: 'dashboard' }
  const page = PAGES.find((name) => matchPath(admin[name], pathname))
  if (page) return { name: page }
  if (matchPath(admin.newPost, pathname)) return { name: 'post-editor', id: null }
  const post = matchPath(admin.editPost, pathname)
  if (post?.id) return { name: 'post-editor', id: post.id }
  if (matchPath(admin.newFooterPage, pathname)) return { name: 'footer-page-editor', id: null }
  // A footer-page path ending in 'new' is create mode.
  const footer = matchPath(admin.editFooterPage, pathname)
  if (footer?.id) return { name: 'footer-page-editor', id: footer.id === 'new' ? null : footer.id }
  return { name: 'not-found' }
}
