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
