import { fillPath } from './routes/match-path.ts'
import { patterns } from './routes/patterns.ts'
import { tagKey } from './text/tags.ts'

const { admin } = patterns

/** Typed URL builders shared by server (feeds, SSR, sitemap) and client (links, fetches), filling the route patterns. */
export const paths = {
  home: () => patterns.home,
  blog: () => patterns.blog,
  post: (slug: string) => fillPath(patterns.post, { slug }),
  category: (slug: string) => fillPath(patterns.category, { slug }),
  categoryFeed: (slug: string) => fillPath(patterns.categoryFeed, { slug }),
  /** A tag's page is at its case-folded key: `Markdown` and `markdown` share one URL. */
  tag: (tag: string) => fillPath(patterns.tag, { tag: tagKey(tag) }),
  tagFeed: (tag: string) => fillPath(patterns.tagFeed, { tag: tagKey(tag) }),
  feed: () => patterns.feed,
  footerPage: (slug: string) => fillPath(patterns.footerPage, { slug }),
  preview: (token: string) => fillPath(patterns.preview, { token }),
  admin: {
    login: () => admin.login,
    forgotPassword: () => admin.forgotPassword,
    dashboard: () => admin.dashboard,
    posts: () => admin.posts,
    newPost: () => admin.newPost,
    editPost: (id: string) => fillPath(admin.editPost, { id }),
    categories: () => admin.categories,
    media: () => admin.media,
    comments: () => admin.comments,
    settings: () => admin.settings,
    analytics: () => admin.analytics,
    redirects: () => admin.redirects,
    subscribers: () => admin.subscribers,
    editFooterPage: (id: string) => fillPath(admin.editFooterPage, { id }),
    newFooterPage: () => admin.newFooterPage,
  },
  upload: (file: string) => `/uploads/${file}`,
  sitemapPages: () => '/sitemaps/pages.xml',
  sitemapPosts: (n: number) => `/sitemaps/posts-${n}.xml`,
} as const
