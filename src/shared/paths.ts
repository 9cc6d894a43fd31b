/** Typed URL builders shared by server (feeds, SSR, sitemap) and client (links, fetches). */
export const paths = {
  home: () => '/',
  blog: () => '/blog',
  post: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  category: (slug: string) => `/category/${encodeURIComponent(slug)}`,
  footerPage: (slug: string) => `/${encodeURIComponent(slug)}`,
  admin: {
    dashboard: () => '/admin/dashboard',
    posts: () => '/admin/posts',
    newPost: () => '/admin/posts/new',
    editPost: (id: string) => `/admin/posts/${encodeURIComponent(id)}/edit`,
    categories: () => '/admin/categories',
    media: () => '/admin/media',
    comments: () => '/admin/comments',
    settings: () => '/admin/settings',
    analytics: () => '/admin/analytics',
    editFooterPage: (id: string) => `/admin/footer-pages/${encodeURIComponent(id)}/edit`,
    newFooterPage: () => '/admin/footer-pages/new',
  },
  upload: (file: string) => `/uploads/${file}`,
} as const

export const SITE_NAME = 'Lab of Life'
export const SITE_TAGLINE = 'A Lab of Life, Code, and Curiosity'
export const SITE_DESCRIPTION =
  'Notes on building, learning and living: apps, AI, habits, workouts and mindset.'
