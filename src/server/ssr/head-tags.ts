import { PAGE_FEED_ID, type PageHead } from '#shared/site/head.ts'
import type { SiteIdentity } from '#shared/schemas/site-identity.ts'
import { faviconUrl, logoUrl } from '#shared/site/identity.ts'
import { escapeHtml } from '#shared/text/escape-html.ts'

/** JSON inside a <script> data block: `<` escaped so no text can close the element or open a comment. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`
}

/**
 * Contract §4: title, description, canonical, Open Graph, Twitter card, JSON-LD BlogPosting on posts, the feed link,
 * and the site's icon; the site's own name, language and logo come from its identity (Settings → General).
 */
export function headTags(head: PageHead, publicUrl: string, site: SiteIdentity): string {
  const url = absoluteUrl(publicUrl, head.path)
  const image = head.image ? absoluteUrl(publicUrl, head.image) : null
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}">`
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:type', head.type),
    meta('property', 'og:url', url),
    meta('property', 'og:site_name', site.title),
    meta('property', 'og:locale', site.language.replace('-', '_')),
    ...(image ? [meta('property', 'og:image', image), meta('name', 'twitter:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(site.title)}" href="${escapeHtml(absoluteUrl(publicUrl, '/rss.xml'))}">`,
    ...iconTags(site),
  ]
  // The browser keeps this one in step on client-side navigation (use-document-head.ts finds it by its id).
  if (head.feed)
    tags.push(
      `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(head.feed.title)}" href="${escapeHtml(absoluteUrl(publicUrl, head.feed.path))}" id="${PAGE_FEED_ID}">`,
    )
  if (head.activity)
    tags.push(
      `<link rel="alternate" type="application/activity+json" href="${escapeHtml(absoluteUrl(publicUrl, head.activity))}">`,
    )
  if (head.noindex) tags.push('<meta name="robots" content="noindex">')
  if (head.article) {
    const a = head.article
    const logo = logoUrl(site)
    if (a.publishedTime) tags.push(meta('property', 'article:published_time', a.publishedTime))
    tags.push(meta('property', 'article:modified_time', a.modifiedTime))
    const jsonLd = {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: a.headline,
      description: head.description,
      image: image ? [image] : undefined,
      datePublished: a.publishedTime ?? undefined,
      dateModified: a.modifiedTime,
      inLanguage: site.language,
      author: { '@type': 'Person', name: a.author },
      publisher: {
        '@type': 'Organization',
        name: site.title,
        logo: logo ? { '@type': 'ImageObject', url: absoluteUrl(publicUrl, logo) } : undefined,
      },
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    }
    tags.push(`<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`)
  }
  return tags.join('\n    ')
}

/** The uploaded favicon (its small variant, also the home-screen icon), or the default SVG. */
function iconTags(site: SiteIdentity): string[] {
  const href = escapeHtml(faviconUrl(site))
  if (!site.favicon) return [`<link rel="icon" href="${href}" type="image/svg+xml">`]
  return [`<link rel="icon" href="${href}">`, `<link rel="apple-touch-icon" href="${href}">`]
}
