import type { Db } from '../../db/client.ts'
import type { ImageRow } from '../../db/schema.ts'

export type MediaRow = Pick<
  ImageRow,
  | 'id'
  | 'file_name'
  | 'original_name'
  | 'mime'
  | 'size'
  | 'width'
  | 'height'
  | 'frames'
  | 'alt_text'
  | 'dominant_color'
  | 'created_at'
>
const MEDIA_COLUMNS = [
  'id',
  'file_name',
  'original_name',
  'mime',
  'size',
  'width',
  'height',
  'frames',
  'alt_text',
  'dominant_color',
  'created_at',
] as const

export type UseRow = {
  image_id: string
  post_id: string | null
  post_title: string | null
  post_slug: string | null
  post_status: string | null
  page_id: string | null
  page_title: string | null
  page_slug: string | null
  page_active: number | null
}

/** Newest first. Unused: an anti-join on the indexed uses table, no per-row subquery. */
function baseQuery(db: Db, unusedOnly: boolean) {
  const images = db.selectFrom('images')
  return unusedOnly
    ? images.leftJoin('image_uses', 'image_uses.image_id', 'images.id').where('image_uses.id', 'is', null)
    : images
}

export async function findMediaRows(
  db: Db,
  opts: { unusedOnly: boolean; limit: number; offset: number },
): Promise<MediaRow[]> {
  return baseQuery(db, opts.unusedOnly)
    .select(MEDIA_COLUMNS.map((c) => `images.${c}` as const))
    .orderBy('images.created_at', 'desc')
    .orderBy('images.id', 'desc')
    .limit(opts.limit)
    .offset(opts.offset)
    .execute()
}

export async function countMedia(db: Db, unusedOnly: boolean): Promise<number> {
  const row = await baseQuery(db, unusedOnly)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function findMediaRow(db: Db, id: string): Promise<MediaRow | undefined> {
  return db.selectFrom('images').select(MEDIA_COLUMNS).where('id', '=', id).executeTakeFirst()
}

/** The posts and pages showing these uploads, in one query for a whole page of the library. */
export async function findUses(db: Db, imageIds: string[]): Promise<UseRow[]> {
  if (imageIds.length === 0) return []
  return db
    .selectFrom('image_uses')
    .leftJoin('posts', 'posts.id', 'image_uses.post_id')
    .leftJoin('footer_pages', 'footer_pages.id', 'image_uses.footer_page_id')
    .select([
      'image_uses.image_id',
      'posts.id as post_id',
      'posts.title as post_title',
      'posts.slug as post_slug',
      'posts.status as post_status',
      'footer_pages.id as page_id',
      'footer_pages.title as page_title',
      'footer_pages.slug as page_slug',
      'footer_pages.is_active as page_active',
    ])
    .where('image_uses.image_id', 'in', imageIds)
    .execute()
}

export async function updateAltText(db: Db, id: string, altText: string): Promise<boolean> {
  const result = await db.updateTable('images').set({ alt_text: altText }).where('id', '=', id).executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** The upload, its variants and its uses (the last two by foreign-key cascade), in one statement. */
export async function deleteImageRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('images').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

export type UseOwner = { postId: string } | { footerPageId: string }

/** The uploads an owner shows are exactly these (ids of rows in `images`); inside the caller's transaction if any. */
export async function replaceUses(db: Db, owner: UseOwner, imageIds: string[]): Promise<void> {
  if (!db.isTransaction) return db.transaction().execute((trx) => replaceUses(trx, owner, imageIds))
  const del = db.deleteFrom('image_uses')
  await (
    'postId' in owner ? del.where('post_id', '=', owner.postId) : del.where('footer_page_id', '=', owner.footerPageId)
  ).execute()
  if (imageIds.length === 0) return
  await db
    .insertInto('image_uses')
    .values(
      imageIds.map((imageId) => ({
        id: crypto.randomUUID(),
        image_id: imageId,
        post_id: 'postId' in owner ? owner.postId : null,
        footer_page_id: 'footerPageId' in owner ? owner.footerPageId : null,
      })),
    )
    .execute()
}

export async function findImageIdsByFileNames(db: Db, fileNames: string[]): Promise<string[]> {
  if (fileNames.length === 0) return []
  return (await db.selectFrom('images').select('id').where('file_name', 'in', fileNames).execute()).map((r) => r.id)
}
