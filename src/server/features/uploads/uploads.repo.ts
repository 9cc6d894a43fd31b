import type { Db } from '../../db/client.ts'
import type { ImageRow } from '../../db/schema.ts'

/** Content-addressed: the same bytes twice keep the one row (also when two uploads race). */
export async function insertImageIfMissing(db: Db, row: ImageRow): Promise<void> {
  await db
    .insertInto('images')
    .values(row)
    .onConflict((oc) => oc.column('file_name').doNothing())
    .execute()
}

export async function findImage(db: Db, fileName: string): Promise<Pick<ImageRow, 'mime' | 'bytes' | 'size'> | undefined> {
  return db.selectFrom('images').select(['mime', 'bytes', 'size']).where('file_name', '=', fileName).executeTakeFirst()
}
