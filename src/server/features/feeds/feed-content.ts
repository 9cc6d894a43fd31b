import type { Db } from '../../db/client.ts'

/** The stored HTML of these posts, by id (the feed's full text). */
export async function postHtmlByIds(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('posts').select(['id', 'content_html']).where('id', 'in', ids).execute()
  return new Map(rows.map((r) => [r.id, r.content_html]))
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
