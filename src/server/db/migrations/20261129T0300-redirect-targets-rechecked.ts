/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import type { Kysely } from 'kysely'

// Frozen in time: never import app code here, never edit after it lands. The rule below is the one redirect
// targets had when this migration was written (ADR 120), copied so that later changes cannot change what it did.

const BASE = 'http://site.invalid'
const unmasked = (text: string) => text.replace(/\\|%2f|%5c/gi, '/')
const leavesSite = (pathname: string) => /^\/[/\\]/.test(pathname)
const withoutQuery = (path: string) => {
  const q = path.indexOf('?')
  return q === -1 ? path : path.slice(0, q) || '/'
}

/** The target in its normal form, or null when it leaves the site or is not a path at all. */
function siteTarget(stored: string): string | null {
  const text = stored.trim()
  if (!text.startsWith('/') && !text.startsWith('\\')) return null
  const q = text.search(/[?#]/)
  let url: URL
  try {
    url = new URL(unmasked(q === -1 ? text : text.slice(0, q)) + (q === -1 ? '' : text.slice(q)), BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE || leavesSite(url.pathname) || leavesSite(unmasked(url.pathname))) return null
  const collapsed = url.pathname.replace(/\/{2,}/g, '/')
  const pathname = collapsed.length > 1 ? collapsed.replace(/\/+$/, '') || '/' : collapsed
  return `${pathname}${url.search}`
}

/**
 * Every stored rule is judged again by the target rule of ADR 120: a rule whose target leaves the site (an open
 * redirect) or leads straight back to its own source (a loop, query strings ignored) is deleted; a target that is
 * safe but not in normal form is rewritten in it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const rows: Array<{ id: string; from_path: string; to_path: string }> = await db
    .selectFrom('redirects')
    .select(['id', 'from_path', 'to_path'])
    .execute()
  const doomed: string[] = []
  for (const row of rows) {
    const target = siteTarget(row.to_path)
    if (target === null || target === row.from_path || withoutQuery(target) === row.from_path) doomed.push(row.id)
    else if (target !== row.to_path)
      await db.updateTable('redirects').set({ to_path: target }).where('id', '=', row.id).execute()
  }
  for (let i = 0; i < doomed.length; i += 500)
    await db
      .deleteFrom('redirects')
      .where('id', 'in', doomed.slice(i, i + 500))
      .execute()
}

export async function down(): Promise<void> {
  // Deleted rules were unsafe; there is nothing to put back.
}
