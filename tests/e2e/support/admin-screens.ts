/** Every admin page (the "new" screens stand for their editors). */
export const ADMIN_PAGES = [
  '/admin/dashboard',
  '/admin/posts',
  '/admin/posts/new',
  '/admin/categories',
  '/admin/media',
  '/admin/comments',
  '/admin/redirects',
  '/admin/settings',
  '/admin/analytics',
  '/admin/footer-pages/new',
]
