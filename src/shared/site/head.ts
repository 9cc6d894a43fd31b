import { ogImageUrl } from '#shared/images/variants.ts'
import { paths } from '#shared/paths.ts'
import type { Category } from '#shared/schemas/category.ts'
import type { Post } from '#shared/schemas/post.ts'
import type { FooterPage } from '#shared/schemas/site.ts'
import type { SiteIdentity } from '#shared/schemas/site-identity.ts'
import type { Tag } from '#shared/schemas/tag.ts'
import { categoryDescription, feedTitle, tagDescription, tagTitle } from '#shared/text/listing.ts'

/** What a page's head needs to know of the site (its identity, from Settings → General). */
export type SiteNames = Pick<SiteIdentity, 'title' | 'tagline' | 'description'>

/** What a page puts in <head> (contract §4). Paths are site-relative; the server makes them absolute. */
export type PageHead = {
  title: string
  description: string
  path: string
  image: string | null
  type: 'website' | 'article'
  noindex?: boolean
  /** The page's own RSS feed (a category's or a tag's), linked beside the site's. */
  feed?: { title: string; path: string }
  /** The page as ActivityStreams (the actor on home, the article on a post), when federation is on. */
  activity?: string
  article?: { publishedTime: string | null; modifiedTime: string; author: string; headline: string }
}

// Social sites take JPEG or PNG: an upload's Open Graph picture is its 1200 px JPEG variant.
const DEFAULT_IMAGE = '/og-default.png'
/** The id of the page's own feed link in <head>, written by the server and kept in step by the browser. */
export const PAGE_FEED_ID = 'page-feed'
const withSite = (site: SiteNames, title: string) => `${title} | ${site.title}`

export function homeHead(site: SiteNames): PageHead {
  return {
    title: site.tagline ? `${site.title}: ${site.tagline}` : site.title,
    description: site.description,
    path: '/',
    image: DEFAULT_IMAGE,
    type: 'website',
  }
}

export function listHead(site: SiteNames, category: Category | null, search: string): PageHead {
  if (!category)
    return {
      title: withSite(site, 'All Articles'),
      description: site.description,
      path: paths.blog() + search,
      image: DEFAULT_IMAGE,
      type: 'website',
    }
  return {
    title: withSite(site, category.name),
    description: categoryDescription(category),
    path: paths.category(category.slug) + search,
    image: DEFAULT_IMAGE,
    type: 'website',
    feed: { title: feedTitle(site.title, category.name), path: paths.categoryFeed(category.slug) },
  }
}

export function tagHead(site: SiteNames, tag: Tag, search: string): PageHead {
  return {
    title: withSite(site, tagTitle(tag.name)),
    description: tagDescription(tag.name),
    path: paths.tag(tag.key) + search,
    image: DEFAULT_IMAGE,
    type: 'website',
    feed: { title: feedTitle(site.title, tag.name), path: paths.tagFeed(tag.key) },
  }
}

export function postHead(site: SiteNames, post: Post): PageHead {
  return {
    title: withSite(site, post.metaTitle || post.title),
    description: post.metaDescription || post.excerpt || site.description,
    path: paths.post(post.slug),
    image: post.featuredImage ? ogImageUrl(post.featuredImage) : DEFAULT_IMAGE,
    type: 'article',
    noindex: post.status !== 'published',
    article: {
      publishedTime: post.publishedAt,
      modifiedTime: post.updatedAt,
      author: post.authorName,
      headline: post.title,
    },
  }
}

export function footerPageHead(site: SiteNames, page: FooterPage): PageHead {
  return {
    title: withSite(site, page.metaTitle || page.title),
    description: page.metaDescription || `${page.title}: ${site.title}.`,
    path: paths.footerPage(page.slug),
    image: page.featuredImage ? ogImageUrl(page.featuredImage) : DEFAULT_IMAGE,
    type: 'website',
  }
}

export function notFoundHead(site: SiteNames, path: string, title = 'Page Not Found'): PageHead {
  return {
    title: withSite(site, title),
    description: site.description,
    path,
    image: DEFAULT_IMAGE,
    type: 'website',
    noindex: true,
  }
}
