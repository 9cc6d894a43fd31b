import { contentRefs } from './markdown/inspect.ts'
import type { PostForm } from './post-draft.ts'

export const META_DESCRIPTION_MAX = 160
export const MAX_CHECKED_LINKS = 50

export type Check = { id: 'meta-missing' | 'meta-long' | 'excerpt' | 'alt' | 'links'; message: string }

/** Site paths of /blog/… posts the content links to (relative or on this site), for the server to check. */
export function postLinks(markdown: string, siteOrigin: string): string[] {
  const found = new Set<string>()
  for (const href of contentRefs(markdown).links) {
    let url: URL
    try {
      url = new URL(href, siteOrigin)
    } catch {
      continue
    }
    if (url.origin === siteOrigin && /^\/blog\/[^/]+\/?$/.test(url.pathname)) found.add(url.pathname.replace(/\/$/, ''))
  }
  return [...found].slice(0, MAX_CHECKED_LINKS)
}

/**
 * The pre-publish checklist: things readers or search engines will miss. Warnings only; publishing never waits on
 * them. `brokenLinks` are the /blog/… paths the server found no published post (or redirect) for.
 */
export function prePublishChecks(
  form: Pick<PostForm, 'content' | 'excerpt' | 'metaDescription'>,
  brokenLinks: string[] = [],
): Check[] {
  const checks: Check[] = []
  const meta = form.metaDescription.trim()
  if (!meta) checks.push({ id: 'meta-missing', message: 'Meta description is missing' })
  else if (meta.length > META_DESCRIPTION_MAX)
    checks.push({
      id: 'meta-long',
      message: `Meta description is ${meta.length} characters (over ${META_DESCRIPTION_MAX})`,
    })
  if (!form.excerpt.trim()) checks.push({ id: 'excerpt', message: 'No excerpt: one will be cut from the content' })
  const noAlt = contentRefs(form.content).images.filter((image) => !image.alt).length
  if (noAlt) checks.push({ id: 'alt', message: `${noAlt} ${noAlt === 1 ? 'image has' : 'images have'} no alt text` })
  if (brokenLinks.length)
    checks.push({ id: 'links', message: `Links to posts that do not exist: ${brokenLinks.join(', ')}` })
  return checks
}
