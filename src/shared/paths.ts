import { tagKey } from './text/tags.ts'

/** Typed URL builders shared by server (feeds, SSR, sitemap) and client (links, fetches). */
export const paths = {
  home: () => '/',
  blog: () => '/blog',
  post: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  category: (slug: string) => `/category/${encodeURIComponent(slug)}`,
  categoryFeed: (slug: string) => `/category/${encodeURIComponent(slug)}/rss.xml`,
  /** A tag's page is at its case-folded key: `Markdown` and `markdown` share one URL. */
  tag: (tag: string) => `/tag/${encodeURIComponent(tagKey(tag))}`,
  tagFeed: (tag: string) => `/tag/${encodeURIComponent(tagKey(tag))}/rss.xml`,
  feed: () => '/rss.xml',
  footerPage: (slug: string) => `/${encodeURIComponent(slug)}`,
  preview: (token: string) => `/preview/${encodeURIComponent(token)}`,
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
    redirects: () => '/admin/redirects',
    editFooterPage: (id: string) => `/admin/footer-pages/${encodeURIComponent(id)}/edit`,
    newFooterPage: () => '/admin/footer-pages/new',
  },
  upload: (file: string) => `/uploads/${file}`,
  sitemapPages: () => '/sitemaps/pages.xml',
  sitemapPosts: (n: number) => `/sitemaps/posts-${n}.xml`,
} as const

export const SITE_NAME = 'Lab of Life'
export const SITE_TAGLINE = 'A Lab of Life, Code, and Curiosity'
export const SITE_DESCRIPTION =
  'Notes on building, learning and living: apps, AI, habits, workouts and mindset.'
