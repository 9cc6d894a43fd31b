import { SqliteAdapter, sql, type Insertable, type Kysely } from 'kysely'
import { ANALYTICS_DIMENSIONS } from '#shared/schemas/analytics.ts'
import type { Db, Trx } from '../../db/client.ts'
import type {
  AnalyticsFactsTable,
  AuthorProfilesTable,
  CategoryRow,
  CommentRow,
  Database,
  FooterPageRow,
  FediverseReactionsTable,
  NewsletterDeliveriesTable,
  NewsletterSendsTable,
  SubscribersTable,
  UserRow,
} from '../../db/schema.ts'

const IN_CHUNK = 500
async function inChunks<T, R>(items: T[], fn: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = []
  for (let i = 0; i < items.length; i += IN_CHUNK) out.push(...(await fn(items.slice(i, i + IN_CHUNK))))
  return out
}

export async function findUsersMatching(
  db: Trx,
  user: Pick<UserRow, 'id' | 'username' | 'email'>,
): Promise<Array<Pick<UserRow, 'id' | 'username' | 'email' | 'role'>>> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'role'])
    .where((eb) => eb.or([eb('id', '=', user.id), eb('username', '=', user.username), eb('email', '=', user.email)]))
    .execute()
}

export async function findUserByRole(db: Trx, role: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('role', '=', role).orderBy('created_at').executeTakeFirst()
}

export async function insertUser(db: Trx, row: UserRow): Promise<void> {
  await db.insertInto('users').values(row).execute()
}

export async function findCategoriesMatching(
  db: Trx,
  slugs: string[],
  names: string[],
): Promise<Array<Pick<CategoryRow, 'id' | 'slug' | 'name'>>> {
  if (!slugs.length && !names.length) return []
  return db
    .selectFrom('categories')
    .select(['id', 'slug', 'name'])
    .where((eb) =>
      eb.or([eb('slug', 'in', slugs.length ? slugs : ['']), eb('name', 'in', names.length ? names : [''])]),
    )
    .execute()
}

export async function categoryIdExists(db: Trx, id: string): Promise<boolean> {
  return (await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
}

export async function insertCategory(db: Trx, row: CategoryRow): Promise<void> {
  await db.insertInto('categories').values(row).execute()
}

/** Which of these slugs and ids posts already use. */
export async function findTakenPosts(
  db: Trx,
  slugs: string[],
  ids: string[],
): Promise<{ slugs: Set<string>; ids: Set<string> }> {
  const bySlug = await inChunks(slugs, (chunk) =>
    db.selectFrom('posts').select('slug').where('slug', 'in', chunk).execute(),
  )
  const byId = await inChunks(ids, (chunk) => db.selectFrom('posts').select('id').where('id', 'in', chunk).execute())
  return { slugs: new Set(bySlug.map((r) => r.slug)), ids: new Set(byId.map((r) => r.id)) }
}

export async function findExistingIds(db: Trx, table: 'comments' | 'likes', ids: string[]): Promise<Set<string>> {
  const rows = await inChunks(ids, (chunk) => db.selectFrom(table).select('id').where('id', 'in', chunk).execute())
  return new Set(rows.map((r) => r.id))
}

/** Which of these remote note ids a comment here already has (one comment per fediverse reply). */
export async function findExistingRemoteIds(db: Trx, remoteIds: string[]): Promise<Set<string>> {
  const rows = await inChunks(remoteIds, (chunk) =>
    db.selectFrom('comments').select('remote_id').where('remote_id', 'in', chunk).execute(),
  )
  return new Set(rows.flatMap((r) => (r.remote_id ? [r.remote_id] : [])))
}

export async function insertComments(db: Trx, rows: CommentRow[]): Promise<void> {
  if (rows.length) await db.insertInto('comments').values(rows).execute()
}

export async function insertLikes(
  db: Trx,
  rows: Array<{ id: string; post_id: string; visitor_id: string; created_at: string }>,
): Promise<void> {
  if (rows.length)
    await db
      .insertInto('likes')
      .values(rows)
      .onConflict((oc) => oc.columns(['post_id', 'visitor_id']).doNothing())
      .execute()
}

export async function insertDailyViews(
  db: Trx,
  rows: Array<{ post_id: string; day: string; views: number }>,
): Promise<void> {
  if (rows.length)
    await db
      .insertInto('post_views_daily')
      .values(rows)
      .onConflict((oc) => oc.columns(['post_id', 'day']).doNothing())
      .execute()
}

/** Sets the imported posts' like and approved-comment counters to what their rows say: one statement per 500 posts. */
export async function recountEngagement(db: Trx, postIds: string[]): Promise<void> {
  for (let i = 0; i < postIds.length; i += IN_CHUNK) {
    await db
      .updateTable('posts')
      .set((eb) => ({
        like_count: eb
          .selectFrom('likes')
          .select((l) => l.fn.countAll<number>().as('n'))
          .whereRef('likes.post_id', '=', 'posts.id'),
        comment_count: eb
          .selectFrom('comments')
          .select((c) => c.fn.countAll<number>().as('n'))
          .whereRef('comments.post_id', '=', 'posts.id')
          .where('comments.is_approved', '=', 1),
      }))
      .where('id', 'in', postIds.slice(i, i + IN_CHUNK))
      .execute()
  }
}

export async function findFooterPage(db: Trx, slug: string): Promise<FooterPageRow | undefined> {
  return db.selectFrom('footer_pages').selectAll().where('slug', '=', slug).executeTakeFirst()
}

export async function footerPageIdExists(db: Trx, id: string): Promise<boolean> {
  return (await db.selectFrom('footer_pages').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
}

export async function insertFooterPage(db: Trx, row: FooterPageRow): Promise<void> {
  await db.insertInto('footer_pages').values(row).execute()
}

export async function replaceFooterPage(db: Trx, existingId: string, row: FooterPageRow): Promise<void> {
  await db.deleteFrom('footer_pages').where('id', '=', existingId).execute()
  await db.insertInto('footer_pages').values(row).execute()
}

export async function findSetting(db: Trx, key: string): Promise<{ value: string } | undefined> {
  return db.selectFrom('site_settings').select('value').where('key', '=', key).executeTakeFirst()
}

export async function writeSetting(
  db: Trx,
  row: { key: string; value: string; created_at: string; updated_at: string },
): Promise<void> {
  await db
    .insertInto('site_settings')
    .values({ id: crypto.randomUUID(), ...row })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, updated_at: row.updated_at }))
    .execute()
}

export async function findRedirectTargets(db: Trx, fromPaths: string[]): Promise<Map<string, string>> {
  const rows = await inChunks(fromPaths, (chunk) =>
    db.selectFrom('redirects').select(['from_path', 'to_path']).where('from_path', 'in', chunk).execute(),
  )
  return new Map(rows.map((r) => [r.from_path, r.to_path]))
}

export async function existingImageNames(db: Trx, names: string[]): Promise<Set<string>> {
  const rows = await inChunks(names, (chunk) =>
    db.selectFrom('images').select('file_name').where('file_name', 'in', chunk).execute(),
  )
  return new Set(rows.map((r) => r.file_name))
}

export type OriginalImage = {
  file_name: string
  mime: string
  bytes: Buffer
  width: number | null
  height: number | null
  created_at: string
  alt_text: string
  original_name: string | null
}

/** Uploaded originals as they were stored (variants, when there are any, are made again from them): how many were new. */
export async function insertOriginalImages(db: Trx, rows: OriginalImage[]): Promise<number> {
  if (!rows.length) return 0
  const inserted = await db
    .insertInto('images')
    .values(rows.map((row) => ({ id: crypto.randomUUID(), ...row, size: row.bytes.length })))
    .onConflict((oc) => oc.column('file_name').doNothing())
    .returning('file_name')
    .execute()
  return inserted.length
}

export async function imageCreatedAt(db: Trx, fileName: string): Promise<string | undefined> {
  return (await db.selectFrom('images').select('created_at').where('file_name', '=', fileName).executeTakeFirst())
    ?.created_at
}

/** Tables a restore only adds to, keyed by one column: rows whose key is already here are left alone. */
type KeyedTable = {
  post_revisions: 'id'
  post_autosaves: 'post_key'
  post_previews: 'post_id'
  not_found_log: 'path'
  sessions: 'id'
  user_two_factor: 'user_id'
  recovery_codes: 'id'
  fediverse_blocks: 'actor_id'
  fediverse_followers: 'actor_id'
  fediverse_articles: 'post_id'
}
const KEYS: KeyedTable = {
  post_revisions: 'id',
  post_autosaves: 'post_key',
  post_previews: 'post_id',
  not_found_log: 'path',
  sessions: 'id',
  user_two_factor: 'user_id',
  recovery_codes: 'id',
  fediverse_blocks: 'actor_id',
  fediverse_followers: 'actor_id',
  fediverse_articles: 'post_id',
}

/** Inserts the rows whose key is free and answers how many that was. */
export async function insertMissing<T extends keyof KeyedTable>(
  db: Trx,
  table: T,
  rows: Array<Insertable<Database[T]>>,
): Promise<number> {
  if (!rows.length) return 0
  // One shape for all these tables: a table name and its key column, both from the list above.
  const loose = db as unknown as Kysely<Record<string, Record<string, string>>>
  const key: string = KEYS[table]
  const keyOf = (row: Insertable<Database[T]>) => (row as Record<string, string>)[key]!
  const name: string = table
  const existing = await inChunks(rows.map(keyOf), (chunk) =>
    loose.selectFrom(name).select(key).where(key, 'in', chunk).execute(),
  )
  const taken = new Set(existing.map((r) => r[key]))
  const fresh = rows.filter((r) => !taken.has(keyOf(r)))
  for (let i = 0; i < fresh.length; i += IN_CHUNK)
    await loose
      .insertInto(name)
      .values(fresh.slice(i, i + IN_CHUNK) as never)
      .execute()
  return fresh.length
}

/** Preview tokens are unique across posts: which of these are in use. */
export async function findPreviewTokens(db: Trx, tokens: string[]): Promise<Set<string>> {
  const rows = await inChunks(tokens, (chunk) =>
    db.selectFrom('post_previews').select('token').where('token', 'in', chunk).execute(),
  )
  return new Set(rows.map((r) => r.token))
}

/**
 * A rolled-back transaction on SQLite still leaves the pages it spilled in the write-ahead log, which keeps its size
 * until the next truncating checkpoint: after a dry run, give that space back. PostgreSQL has nothing to do.
 */
export async function truncateWriteAheadLog(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db)
}

/** A user's public profile, unless they have one already: true when written. */
export async function insertAuthorProfileIfNone(db: Trx, row: AuthorProfilesTable): Promise<boolean> {
  const inserted = await db
    .insertInto('author_profiles')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .execute()
  return inserted.length > 0
}

/** Analytics of the posts an import wrote; a row already here keeps its counts. */
export async function insertAnalyticsFacts(db: Trx, rows: Array<Insertable<AnalyticsFactsTable>>): Promise<void> {
  for (let i = 0; i < rows.length; i += IN_CHUNK)
    await db
      .insertInto('analytics_facts')
      .values(rows.slice(i, i + IN_CHUNK))
      .onConflict((oc) => oc.columns(['day', 'post_id', 'span', ...ANALYTICS_DIMENSIONS]).doNothing())
      .execute()
}

/**
 * The site-wide rows and per-post totals of these days and of their months, and the per-post values of those months,
 * summed again from the posts' rows (a month's row sums its days and the month rows rolled up from them).
 */
export async function recountSiteAnalytics(db: Trx, days: string[]): Promise<void> {
  const dims = sql.join(ANALYTICS_DIMENSIONS.map((d) => sql.ref(d)))
  const months = [...new Set(days.map((d) => `${d.slice(0, 7)}-01`))]
  const periods = [
    { span: 'day' as const, list: days, key: sql`day`, of: sql`span = 'day' and day` },
    { span: 'month' as const, list: months, key: sql`substr(day, 1, 7) || '-01'`, of: sql`substr(day, 1, 7) || '-01'` },
  ]
  for (const { span, list, key, of } of periods)
    for (let i = 0; i < list.length; i += IN_CHUNK) {
      const chunk = list.slice(i, i + IN_CHUNK)
      for (const table of ['analytics_site_facts', 'analytics_post_totals'] as const)
        await db.deleteFrom(table).where('span', '=', span).where('day', 'in', chunk).execute()
      await sql`
        insert into analytics_post_totals (span, day, post_id, views, visitors)
        select ${span}, ${key}, post_id, sum(views), sum(visitors) from analytics_facts
        where ${of} in (${sql.join(chunk)}) group by ${key}, post_id`.execute(db)
      await sql`
        insert into analytics_site_facts (span, day, ${dims}, views, visitors)
        select ${span}, ${key}, ${dims}, sum(views), sum(visitors) from analytics_facts
        where ${of} in (${sql.join(chunk)}) group by ${key}, ${dims}`.execute(db)
      if (span === 'month') {
        await db.deleteFrom('analytics_post_values').where('day', 'in', chunk).execute()
        for (const d of ANALYTICS_DIMENSIONS)
          await sql`
            insert into analytics_post_values (day, dimension, value, post_id, views, visitors)
            select ${key}, ${d}, ${sql.ref(d)}, post_id, sum(views), sum(visitors) from analytics_facts
            where ${of} in (${sql.join(chunk)}) and ${sql.ref(d)} <> ''
            group by ${key}, ${sql.ref(d)}, post_id`.execute(db)
      }
    }
}

export async function hasSubscribers(db: Trx): Promise<boolean> {
  return (await db.selectFrom('subscribers').select('id').limit(1).executeTakeFirst()) !== undefined
}

/** Which of these ids and addresses subscribers already use. */
export async function findTakenSubscribers(
  db: Trx,
  ids: string[],
  emails: string[],
): Promise<{ ids: Set<string>; emails: Set<string> }> {
  const byId = await inChunks(ids, (chunk) =>
    db.selectFrom('subscribers').select('id').where('id', 'in', chunk).execute(),
  )
  const byEmail = await inChunks(emails, (chunk) =>
    db.selectFrom('subscribers').select('email').where('email', 'in', chunk).execute(),
  )
  return { ids: new Set(byId.map((r) => r.id)), emails: new Set(byEmail.map((r) => r.email)) }
}

export async function insertSubscribers(db: Trx, rows: Array<Insertable<SubscribersTable>>): Promise<void> {
  for (let i = 0; i < rows.length; i += IN_CHUNK)
    await db
      .insertInto('subscribers')
      .values(rows.slice(i, i + IN_CHUNK))
      .execute()
}

export async function insertNewsletterSends(db: Trx, rows: Array<Insertable<NewsletterSendsTable>>): Promise<void> {
  for (let i = 0; i < rows.length; i += IN_CHUNK)
    await db
      .insertInto('newsletter_sends')
      .values(rows.slice(i, i + IN_CHUNK))
      .onConflict((oc) => oc.column('post_id').doNothing())
      .execute()
}

export async function insertNewsletterDeliveries(
  db: Trx,
  rows: Array<Insertable<NewsletterDeliveriesTable>>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += IN_CHUNK)
    await db
      .insertInto('newsletter_deliveries')
      .values(rows.slice(i, i + IN_CHUNK))
      .onConflict((oc) => oc.columns(['post_id', 'subscriber_id']).doNothing())
      .execute()
}

export async function findServerSecret(db: Trx, name: string): Promise<string | undefined> {
  return (await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst())?.value
}

export async function setServerSecret(
  db: Trx,
  row: { name: string; value: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('server_secrets')
    .values(row)
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: row.value, created_at: row.created_at }))
    .execute()
}

export async function findFediverseState(db: Trx, name: string): Promise<string | undefined> {
  return (await db.selectFrom('fediverse_state').select('value').where('name', '=', name).executeTakeFirst())?.value
}

/** Stores a fediverse setting or the key pairs unless this blog has its own (those are kept). */
export async function insertFediverseState(db: Trx, name: string, value: string, updatedAt: string): Promise<void> {
  await db
    .insertInto('fediverse_state')
    .values({ name, value, updated_at: updatedAt })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
}

/** The actors of `ids` blocked here. */
export async function blockedActors(db: Trx, ids: string[]): Promise<Set<string>> {
  const rows = await inChunks(ids, (chunk) =>
    db.selectFrom('fediverse_blocks').select('actor_id').where('actor_id', 'in', chunk).execute(),
  )
  return new Set(rows.map((r) => r.actor_id))
}

export async function insertFediverseReactions(
  db: Trx,
  rows: Array<Insertable<FediverseReactionsTable>>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += IN_CHUNK)
    await db
      .insertInto('fediverse_reactions')
      .values(rows.slice(i, i + IN_CHUNK))
      .onConflict((oc) => oc.columns(['post_id', 'actor_id', 'kind']).doNothing())
      .execute()
}
