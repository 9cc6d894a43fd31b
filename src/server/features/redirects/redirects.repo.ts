import type { Db } from '../../db/client.ts'
import type { RedirectsTable } from '../../db/schema.ts'

export type RedirectRow = Omit<RedirectsTable, 'hits'> & { hits: number }

export async function findRedirects(db: Db, page: { limit: number; offset: number }): Promise<RedirectRow[]> {
  return db
    .selectFrom('redirects')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export async function countRedirects(db: Db): Promise<number> {
  const row = await db
    .selectFrom('redirects')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** The rule for the first of `keys` that has one (one indexed query on the unique from_path). */
export async function findTargetFor(
  db: Db,
  keys: string[],
): Promise<{ from_path: string; to_path: string } | undefined> {
  if (!keys.length) return undefined
  const rows = await db
    .selectFrom('redirects')
    .select(['from_path', 'to_path'])
    .where('from_path', 'in', keys)
    .execute()
  for (const key of keys) {
    const row = rows.find((r) => r.from_path === key)
    if (row) return row
  }
  return undefined
}

export async function findByFrom(db: Db, fromPath: string): Promise<RedirectRow | undefined> {
  return db.selectFrom('redirects').selectAll().where('from_path', '=', fromPath).executeTakeFirst()
}

export async function findById(db: Db, id: string): Promise<RedirectRow | undefined> {
  return db.selectFrom('redirects').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function insertRedirect(db: Db, row: Omit<RedirectsTable, 'hits'> & { hits?: number }): Promise<void> {
  await db.insertInto('redirects').values(row).execute()
}

/** A rule from `fromPath` now goes to `toPath` (kept or created). */
export async function upsertRedirect(db: Db, row: Omit<RedirectsTable, 'hits'>): Promise<void> {
  await db
    .insertInto('redirects')
    .values(row)
    .onConflict((oc) => oc.column('from_path').doUpdateSet({ to_path: row.to_path, source: row.source }))
    .execute()
}

/** Rules whose target a request would match to a rule from `path`: the path itself, or it with any query. */
export async function findLeadingTo(db: Db, path: string): Promise<Array<{ id: string; from_path: string }>> {
  const withQuery = `${path}?`
  return db
    .selectFrom('redirects')
    .select(['id', 'from_path'])
    .where((eb) =>
      eb.or([
        eb('to_path', '=', path),
        eb(eb.fn<string>('substr', ['to_path', eb.lit(1), eb.val(withQuery.length)]), '=', withQuery),
      ]),
    )
    .execute()
}

export async function retargetIds(db: Db, ids: string[], newTarget: string): Promise<void> {
  if (!ids.length) return
  await db.updateTable('redirects').set({ to_path: newTarget }).where('id', 'in', ids).execute()
}

/** Chains collapse: rules that led to `oldTarget` lead straight to `newTarget`. */
export async function retarget(db: Db, oldTarget: string, newTarget: string): Promise<void> {
  await db.updateTable('redirects').set({ to_path: newTarget }).where('to_path', '=', oldTarget).execute()
}

export async function deleteByFrom(db: Db, fromPath: string): Promise<void> {
  await db.deleteFrom('redirects').where('from_path', '=', fromPath).execute()
}

export async function deleteRedirectRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('redirects').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** Adds counted hits; false when no rule has this source path. */
export async function addHits(db: Db, fromPath: string, hits: number): Promise<boolean> {
  const result = await db
    .updateTable('redirects')
    .set((eb) => ({ hits: eb('hits', '+', hits) }))
    .where('from_path', '=', fromPath)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Which of these slugs belong to published posts (one indexed query on the unique slug). */
export async function findPublishedSlugs(db: Db, slugs: string[]): Promise<string[]> {
  if (!slugs.length) return []
  const rows = await db
    .selectFrom('posts')
    .select('slug')
    .where('slug', 'in', slugs)
    .where('status', '=', 'published')
    .execute()
  return rows.map((r) => r.slug)
}

export async function findFromPaths(db: Db, fromPaths: string[]): Promise<string[]> {
  if (!fromPaths.length) return []
  const rows = await db.selectFrom('redirects').select('from_path').where('from_path', 'in', fromPaths).execute()
  return rows.map((r) => r.from_path)
}
