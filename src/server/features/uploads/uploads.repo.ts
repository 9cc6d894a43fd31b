import type { Db } from '../../db/client.ts'
import type { ImageRow, NewImageRow } from '../../db/schema.ts'

export type NewVariant = { file_name: string; width: number; height: number; mime: string; bytes: Buffer }

/** What serving and rendering need of an upload: everything but its bytes. */
export type ImageMeta = Pick<
  ImageRow,
  | 'id'
  | 'file_name'
  | 'mime'
  | 'width'
  | 'height'
  | 'frames'
  | 'alt_text'
  | 'dominant_color'
  | 'variants_version'
  | 'process_error'
>

const META_COLUMNS = [
  'id',
  'file_name',
  'mime',
  'width',
  'height',
  'frames',
  'alt_text',
  'dominant_color',
  'variants_version',
  'process_error',
] as const
const EXTS = ['jpg', 'png', 'gif', 'webp']

export async function findImageMeta(db: Db, fileName: string): Promise<ImageMeta | undefined> {
  return db.selectFrom('images').select(META_COLUMNS).where('file_name', '=', fileName).executeTakeFirst()
}

/** The upload with this content hash, whatever its format (variant URLs carry only the hash). */
export async function findImageMetaByHash(db: Db, hash: string): Promise<ImageMeta | undefined> {
  return db
    .selectFrom('images')
    .select(META_COLUMNS)
    .where(
      'file_name',
      'in',
      EXTS.map((e) => `${hash}.${e}`),
    )
    .executeTakeFirst()
}

export async function findImagesMeta(db: Db, fileNames: string[]): Promise<ImageMeta[]> {
  if (fileNames.length === 0) return []
  return db.selectFrom('images').select(META_COLUMNS).where('file_name', 'in', fileNames).execute()
}

/**
 * The upload and all its variants in one transaction: either everything is stored or nothing is. Content-addressed,
 * so the same bytes twice keep the one row (also when two uploads race); the loser stores no variants.
 */
export async function insertImageWithVariants(
  db: Db,
  image: NewImageRow,
  variants: NewVariant[],
  now: string,
): Promise<void> {
  // Inside the caller's transaction when there is one (an import stores its pictures in its own).
  if (!db.isTransaction) return db.transaction().execute((trx) => insertImageWithVariants(trx, image, variants, now))
  const inserted = await db
    .insertInto('images')
    .values(image)
    .onConflict((oc) => oc.column('file_name').doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return
  for (const v of variants) {
    await db
      .insertInto('image_variants')
      .values({ ...v, image_id: image.id, size: v.bytes.length, created_at: now })
      .execute()
  }
}

export async function findVariant(db: Db, fileName: string): Promise<{ mime: string; bytes: Uint8Array } | undefined> {
  return db.selectFrom('image_variants').select(['mime', 'bytes']).where('file_name', '=', fileName).executeTakeFirst()
}

/** A variant made on request; a concurrent request or the background job may have stored it first. */
export async function insertVariantIfMissing(db: Db, imageId: string, variant: NewVariant, now: string): Promise<void> {
  await db
    .insertInto('image_variants')
    .values({ ...variant, image_id: imageId, size: variant.bytes.length, created_at: now })
    .onConflict((oc) => oc.column('file_name').doNothing())
    .execute()
}

export async function findOriginalBytes(db: Db, id: string): Promise<Uint8Array | undefined> {
  return (await db.selectFrom('images').select('bytes').where('id', '=', id).executeTakeFirst())?.bytes
}

export type Original = {
  fileName: string
  mime: string
  altText: string
  originalName: string | null
  createdAt: string
  bytes: Uint8Array
}

/**
 * Every original upload with its bytes, one row in memory at a time (for backups and exports): a keyset walk by file
 * name, so it neither loads the library at once nor misses rows added meanwhile behind the cursor.
 */
export async function* streamOriginals(db: Db): AsyncGenerator<Original> {
  let after = ''
  for (;;) {
    const row = await db
      .selectFrom('images')
      .select(['file_name', 'mime', 'alt_text', 'original_name', 'created_at', 'bytes'])
      .where('file_name', '>', after)
      .orderBy('file_name')
      .limit(1)
      .executeTakeFirst()
    if (!row) return
    after = row.file_name
    yield {
      fileName: row.file_name,
      mime: row.mime,
      altText: row.alt_text,
      originalName: row.original_name,
      createdAt: row.created_at,
      bytes: row.bytes,
    }
  }
}
