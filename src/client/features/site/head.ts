import { paths, SITE_DESCRIPTION, SITE_NAME, SITE_TAGLINE } from '#shared/paths.ts'
import type { Category } from '#shared/schemas/category.ts'
import type { Post } from '#shared/schemas/post.ts'
import type { FooterPage } from '#shared/schemas/site.ts'

/** What a page puts in <head> (contract §4). Paths are site-relative; the server makes them absolute. */
export type PageHead = {
  title: string
  description: string
  path: string
  image: string | null
  type: 'website' | 'article'
  noindex?: boolean
  article?: { publishedTime: string | null; modifiedTime: string; author: string; headline: string }
}

const DEFAULT_IMAGE = '/og-default.png'
const withSite = (title: string) => `${title} | ${SITE_NAME}`

export function homeHead(): PageHead {
  return { title: `${SITE_NAME}: ${SITE_TAGLINE}`, description: SITE_DESCRIPTION, path: '/', image: DEFAULT_IMAGE, type: 'website' }
}

export function listHead(category: Category | null, search: string): PageHead {
  const path = category ? paths.category(category.slug) : paths.blog()
  const title = category ? category.name : 'All Articles'
  const description = category?.description || (category ? `Articles in ${category.name}.` : SITE_DESCRIPTION)
  return { title: withSite(title), description, path: path + search, image: DEFAULT_IMAGE, type: 'website' }
}

export function postHead(post: Post): PageHead {
  return {
    title: withSite(post.metaTitle || post.title),
    description: post.metaDescription || post.excerpt || SITE_DESCRIPTION,
    path: paths.post(post.slug),
    image: post.featuredImage || DEFAULT_IMAGE,
    type: 'article',
    noindex: post.status !== 'published',
    article: { publishedTime: post.publishedAt, modifiedTime: post.updatedAt, author: post.authorName, headline: post.title },
  }
}

export function footerPageHead(page: FooterPage): PageHead {
  return {
    title: withSite(page.metaTitle || page.title),
    description: page.metaDescription || `${page.title}: ${SITE_NAME}.`,
    path: paths.footerPage(page.slug),
    image: page.featuredImage || DEFAULT_IMAGE,
    type: 'website',
  }
}

export function notFoundHead(path: string, title = 'Page Not Found'): PageHead {
  return { title: withSite(title), description: SITE_DESCRIPTION, path, image: DEFAULT_IMAGE, type: 'website', noindex: true }
}
