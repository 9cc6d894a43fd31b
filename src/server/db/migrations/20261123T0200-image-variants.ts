/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import { PostgresAdapter, type Kysely } from 'kysely'

// Frozen in time: never import app code here, never edit after it lands.
const UPLOAD_HASH = /\/uploads\/([a-f0-9]{64})[.-]/g
const BATCH = 200

export async function up(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter
  const blob = isPg ? 'bytea' : 'blob'

  // What the media library shows and edits, and the state of each upload's variants (docs/decisions/020).
  await db.schema
    .alterTable('images')
    .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.alterTable('images').addColumn('original_name', 'text').execute()
  await db.schema.alterTable('images').addColumn('dominant_color', 'text').execute()
  await db.schema
    .alterTable('images')
    .addColumn('frames', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  // 0: uploaded before variants existed; the background job brings each row to the current version once.
  await db.schema
    .alterTable('images')
    .addColumn('variants_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('images').addColumn('claimed_until', 'text').execute()
  await db.schema.alterTable('images').addColumn('process_error', 'text').execute()
  await db.schema
    .createIndex('images_variants_version_idx')
    .on('images')
    .columns(['variants_version', 'created_at'])
    .execute()
  await db.schema.createIndex('images_created_idx').on('images').columns(['created_at', 'id']).execute()

  await db.schema
    .createTable('image_variants')
    .addColumn('file_name', 'text', (c) => c.primaryKey()) // "<sha256>-<width>.<format>"
    .addColumn('image_id', 'text', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bytes', blob, (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('image_variants_image_idx').on('image_variants').column('image_id').execute()

  // Which posts and footer pages show which upload, kept at write time so the library never scans content.
  await db.schema
    .createTable('image_uses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('image_id', 'text', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('post_id', 'text', (c) => c.references('posts.id').onDelete('cascade'))
    .addColumn('footer_page_id', 'text', (c) => c.references('footer_pages.id').onDelete('cascade'))
    .execute()
  await db.schema.createIndex('image_uses_image_idx').on('image_uses').column('image_id').execute()
  await db.schema.createIndex('image_uses_post_idx').on('image_uses').column('post_id').execute()
  await db.schema.createIndex('image_uses_page_idx').on('image_uses').column('footer_page_id').execute()

  const images = await db.selectFrom('images').select(['id', 'file_name']).execute()
  const idByHash = new Map(images.map((i: { id: string; file_name: string }) => [i.file_name.slice(0, 64), i.id]))
  if (idByHash.size === 0) return
  const usesOf = (texts: Array<string | null>) =>
    new Set(
      texts.flatMap((t) =>
        [...(t ?? '').matchAll(UPLOAD_HASH)].map((m) => idByHash.get(m[1]!)).filter((id): id is string => Boolean(id)),
      ),
    )

  for (const [table, column] of [
    ['posts', 'post_id'],
    ['footer_pages', 'footer_page_id'],
  ] as const) {
    let after = ''
    for (;;) {
      const rows = await db
        .selectFrom(table)
        .select(['id', 'content', 'featured_image'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute()
      if (rows.length === 0) break
      const values = rows.flatMap((r: { id: string; content: string; featured_image: string | null }) =>
        [...usesOf([r.content, r.featured_image])].map((imageId) => ({
          id: crypto.randomUUID(),
          image_id: imageId,
          [column]: r.id,
        })),
      )
      if (values.length) await db.insertInto('image_uses').values(values).execute()
      after = rows[rows.length - 1]!.id
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('image_uses').ifExists().execute()
  await db.schema.dropTable('image_variants').ifExists().execute()
  await db.schema.dropIndex('images_created_idx').ifExists().execute()
  await db.schema.dropIndex('images_variants_version_idx').ifExists().execute()
  for (const column of [
    'process_error',
    'claimed_until',
    'variants_version',
    'frames',
    'dominant_color',
    'original_name',
    'alt_text',
  ]) {
    await db.schema.alterTable('images').dropColumn(column).execute()
  }
}
