import { plural } from '#shared/text/format.ts'

/** Each kind of record an import report counts, in words: [one, many]. */
const WORDS: Record<string, [string, string]> = {
  users: ['user', 'users'],
  categories: ['category', 'categories'],
  images: ['image', 'images'],
  posts: ['post', 'posts'],
  comments: ['comment', 'comments'],
  likes: ['like', 'likes'],
  views: ['view count', 'view counts'],
  footerPages: ['footer page', 'footer pages'],
  settings: ['setting', 'settings'],
  redirects: ['redirect', 'redirects'],
  revisions: ['revision', 'revisions'],
  autosaves: ['autosave', 'autosaves'],
  previews: ['preview link', 'preview links'],
  notFound: ['404 log entry', '404 log entries'],
  sessions: ['session', 'sessions'],
  twoFactor: ['two-factor secret', 'two-factor secrets'],
  recoveryCodes: ['recovery code', 'recovery codes'],
}

/** "1 category", "3 posts": a count of one kind, singular or plural (a kind not listed keeps its name). */
export function countOf(kind: string, n: number): string {
  const [one, many] = WORDS[kind] ?? [kind, kind]
  return `${n} ${plural(n, one, many)}`
}

/** "1 category, 3 posts", or null when nothing was counted. */
export function countsText(counts: Record<string, number>): string | null {
  const shown = Object.entries(counts).filter(([, n]) => n > 0)
  return shown.length ? shown.map(([kind, n]) => countOf(kind, n)).join(', ') : null
}
