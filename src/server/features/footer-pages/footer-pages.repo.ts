import type { Db } from '../../db/client.ts'
import type { FooterPageRow } from '../../db/schema.ts'

export type FooterPageFields = Omit<FooterPageRow, 'id' | 'created_at'>

export async function listFooterPageRows(db: Db): Promise<FooterPageRow[]> {
  return db.selectFrom('footer_pages').selectAll().orderBy('sort_order').orderBy('title').execute()
}

export async function findFooterPageRow(
  db: Db,
  by: { id: string } | { slug: string },
): Promise<FooterPageRow | undefined> {
  const query = db.selectFrom('footer_pages').selectAll()
  return ('id' in by ? query.where('id', '=', by.id) : query.where('slug', '=', by.slug)).executeTakeFirst()
}

export async function insertFooterPage(db: Db, row: FooterPageRow): Promise<void> {
  await db.insertInto('footer_pages').values(row).execute()
}

/** Inserts unless a page with that slug exists; never overwrites (safe when two instances start at once). */
export async function insertFooterPageIfMissing(db: Db, row: FooterPageRow): Promise<void> {
  await db
    .insertInto('footer_pages')
    .values(row)
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute()
}

export async function updateFooterPageRow(db: Db, id: string, fields: FooterPageFields): Promise<void> {
  await db.updateTable('footer_pages').set(fields).where('id', '=', id).execute()
}
