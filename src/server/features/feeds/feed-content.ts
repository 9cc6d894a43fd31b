import type { Db } from '../../db/client.ts'
import { RENDER_VERSION, derivedColumns } from '../posts/posts.service.ts'

/**
 * The HTML of these posts, by id (the feed's full text): as stored, or, for a post not rendered yet by this renderer
 * (just restored or imported), rendered for this answer as the post page does.
 */
export async function postHtmlByIds(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('posts')
    .select(['id', 'content_html', 'content', 'featured_image', 'render_version'])
    .where('id', 'in', ids)
    .execute()
  const html = new Map<string, string>()
  for (const r of rows)
    html.set(
      r.id,
      Number(r.render_version) === RENDER_VERSION ? r.content_html : (await derivedColumns(db, r)).content_html,
    )
  return html
}
// A site path in src, href, poster or each candidate of a srcset: the feed reader is on another site.
const SITE_PATH_ATTR = /\b(src|href|poster)="\/(?!\/)/g
const SRCSET_ATTR = /\bsrcset="([^"]*)"/g

/** Post HTML with its site-relative links and images made absolute, as a feed reader needs them. */
export function absoluteHtml(html: string, publicUrl: string): string {
  return html
    .replace(SITE_PATH_ATTR, `$1="${publicUrl}/`)
    .replace(
      SRCSET_ATTR,
      (_all, list: string) =>
        `srcset="${list.replace(/(^|,\s*)\/(?!\/)/g, (_m, lead: string) => `${lead}${publicUrl}/`)}"`,
    )
}
