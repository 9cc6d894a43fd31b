import {
  REDIRECT_LOOP_ERROR,
  redirectRuleSchema,
  type NotFoundEntry,
  type Redirect,
  type RedirectInput,
  type RedirectSource,
} from '#shared/schemas/redirect.ts'
import { leadsBackTo, normaliseSitePath, requestPathKeys } from '#shared/text/site-path.ts'
import { paths } from '#shared/paths.ts'
import type { Db } from '../../db/client.ts'
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors.ts'
import { isoOrNull } from '../posts/posts.service.ts'
import * as log from './not-found-log.repo.ts'
import * as repo from './redirects.repo.ts'

export const NOT_FOUND_LOG_SHOWN = 100

const toRedirect = (row: repo.RedirectRow): Redirect => ({
  id: row.id,
  fromPath: row.from_path,
  toPath: row.to_path,
  source: row.source === 'slug' || row.source === 'import' ? row.source : 'manual',
  hits: Number(row.hits),
  createdAt: isoOrNull(row.created_at) ?? row.created_at,
})

export async function listRedirects(
  db: Db,
  page: { page: number; limit: number },
): Promise<{ redirects: Redirect[]; total: number }> {
  const [rows, total] = await Promise.all([
    repo.findRedirects(db, { limit: page.limit, offset: (page.page - 1) * page.limit }),
    repo.countRedirects(db),
  ])
  return { redirects: rows.map(toRedirect), total }
}

/**
 * A rule added by hand (or by an import): both ends are site paths; the target may not be external, and a rule
 * that would lead back to its own source is refused.
 */
export async function createRedirect(
  db: Db,
  input: RedirectInput,
  source: RedirectSource,
  now: Date,
  siteOrigin: string,
): Promise<Redirect> {
  const parsed = redirectRuleSchema(siteOrigin).safeParse(input)
  if (!parsed.success) return badRequest(parsed.error.issues[0]?.message ?? 'Invalid redirect')
  const { fromPath, toPath } = parsed.data
  let id: string | null = null
  try {
    id = await db
      .transaction()
      .execute((trx) => addRedirectRule(trx, { fromPath, toPath, source, createdAt: now.toISOString() }))
  } catch (error) {
    if (isUniqueViolation(error)) conflict('A redirect from this path already exists')
    throw error
  }
  if (!id) badRequest(REDIRECT_LOOP_ERROR)
  return toRedirect((await repo.findById(db, id!)) ?? notFound('Redirect'))
}

export type NewRule = {
  id?: string
  fromPath: string
  toPath: string
  source: string
  createdAt: string
  hits?: number
}

/**
 * Stores one rule between two normalised site paths (`redirectRuleSchema`), inside the caller's transaction; the
 * one place rules are created (the admin's form and every import). Chains stay one hop long: a target that is
 * itself redirected is followed, and rules that pointed at the new source now point at the new target. A request
 * is matched by its exact address or by its path alone, so loops are judged the same way. The source leaves the
 * 404 log. Answers the rule's id, or null when it, or a rule it retargets, would lead back to its own source.
 */
export async function addRedirectRule(trx: Db, rule: NewRule): Promise<string | null> {
  const next = await repo.findTargetFor(trx, requestPathKeys(rule.toPath))
  const to = next ? next.to_path : rule.toPath
  if (leadsBackTo(rule.fromPath, to)) return null
  const leadingHere = await repo.findLeadingTo(trx, rule.fromPath)
  if (leadingHere.some((r) => leadsBackTo(r.from_path, to))) return null
  const id = rule.id ?? crypto.randomUUID()
  await repo.insertRedirect(trx, {
    id,
    from_path: rule.fromPath,
    to_path: to,
    source: rule.source,
    created_at: rule.createdAt,
    hits: rule.hits ?? 0,
  })
  await repo.retargetIds(
    trx,
    leadingHere.map((r) => r.id),
    to,
  )
  await log.deleteNotFound(trx, rule.fromPath)
  return id
}

export async function deleteRedirect(db: Db, id: string): Promise<void> {
  if (!(await repo.deleteRedirectRow(db, id))) notFound('Redirect')
}

/**
 * A published post moved from `/blog/{oldSlug}` to `/blog/{newSlug}`: the old address answers 301, rules that
 * led to the old address lead to the new one (A → B → C leaves A → C), and a rule whose source is the new address
 * is removed, because the post now lives there (a live page always wins: rules are only looked up on a 404).
 */
export async function recordSlugChange(db: Db, oldSlug: string, newSlug: string, now: Date): Promise<void> {
  const from = paths.post(oldSlug)
  const to = paths.post(newSlug)
  if (from === to) return
  await db.transaction().execute(async (trx) => {
    await repo.deleteByFrom(trx, to)
    await repo.retarget(trx, from, to)
    await repo.upsertRedirect(trx, {
      id: crypto.randomUUID(),
      from_path: from,
      to_path: to,
      source: 'slug',
      created_at: now.toISOString(),
    })
  })
}

/**
 * Where a request that found nothing should go instead, if a rule says so. Every stored rule was checked when it
 * was written (and again by migration), yet a `Location` is only ever a site path that cannot loop.
 */
export async function redirectTarget(db: Db, requestUrl: string): Promise<{ fromPath: string; toPath: string } | null> {
  const row = await repo.findTargetFor(db, requestPathKeys(requestUrl))
  if (!row) return null
  const target = normaliseSitePath(row.to_path, 'http://site.invalid')
  if (!target.ok || target.path !== row.to_path || leadsBackTo(row.from_path, row.to_path)) return null
  return { fromPath: row.from_path, toPath: row.to_path }
}

export async function listNotFound(db: Db): Promise<NotFoundEntry[]> {
  const rows = await log.findTopNotFound(db, NOT_FOUND_LOG_SHOWN)
  return rows.map((r) => ({
    path: r.path,
    hits: Number(r.hits),
    referrer: r.referrer,
    lastSeenAt: isoOrNull(r.last_seen_at) ?? r.last_seen_at,
  }))
}

export async function dismissNotFound(db: Db, path: string): Promise<void> {
  if (!(await log.deleteNotFound(db, path))) notFound('Entry')
}

/** The /blog/{slug} paths that lead nowhere for a reader: no published post there and no rule moving it. */
export async function brokenPostLinks(db: Db, paths: string[]): Promise<string[]> {
  const slugOf = (path: string) => {
    try {
      return decodeURIComponent(/^\/blog\/([^/?#]+)$/.exec(path)?.[1] ?? '')
    } catch {
      return ''
    }
  }
  const candidates = [...new Set(paths)].filter((p) => slugOf(p))
  const [published, redirected] = await Promise.all([
    repo.findPublishedSlugs(db, candidates.map(slugOf)),
    repo.findFromPaths(db, candidates),
  ])
  const live = new Set(published)
  const moved = new Set(redirected)
  return candidates.filter((p) => !live.has(slugOf(p)) && !moved.has(p))
}
