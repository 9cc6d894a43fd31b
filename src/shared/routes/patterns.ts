/**
 * Every page's URL pattern, written once: `paths` (src/shared/paths.ts) fills them to build links, and the route
 * matchers (public-routes.ts, admin-routes.ts) read them to decide what a URL shows, on the server and in the browser.
 */
export const patterns = {
  home: '/',
  blog: '/blog',
  post: '/blog/:slug',
  category: '/category/:slug',
  categoryFeed: '/category/:slug/rss.xml',
  tag: '/tag/:tag',
  tagFeed: '/tag/:tag/rss.xml',
  feed: '/rss.xml',
  preview: '/preview/:token',
  /** Spec: the footer page viewer's route is a single path segment, the slug. */
  footerPage: '/:slug',
  admin: {
    root: '/admin',
    login: '/admin/login',
    forgotPassword: '/admin/forgot-password',
    resetPassword: '/admin/reset-password',
    dashboard: '/admin/dashboard',
    posts: '/admin/posts',
    newPost: '/admin/posts/new',
    editPost: '/admin/posts/:id/edit',
    categories: '/admin/categories',
    media: '/admin/media',
    comments: '/admin/comments',
    settings: '/admin/settings',
    analytics: '/admin/analytics',
    redirects: '/admin/redirects',
    subscribers: '/admin/subscribers',
    newFooterPage: '/admin/footer-pages/new',
    editFooterPage: '/admin/footer-pages/:id/edit',
  },
} as const
