import type { Db } from '../../db/client.ts'
import type { NewVariant } from './uploads.repo.ts'

/** Uploads whose variants are older than `version` (or were never made), oldest first, not leased by another instance. */
export async function findNextPending(db: Db, version: number, now: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('images')
    .select('id')
    .where('variants_version', '<', version)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('variants_version')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst()
}

export async function countPending(db: Db, version: number): Promise<number> {
  const row = await db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('variants_version', '<', version)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Takes the lease on one upload; false when another instance holds it or it is already done. */
export async function claim(db: Db, id: string, version: number, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('images')
    .set({ claimed_until: until })
    .where('id', '=', id)
    .where('variants_version', '<', version)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function findForProcessing(db: Db, id: string) {
  return db.selectFrom('images').select(['file_name', 'bytes']).where('id', '=', id).executeTakeFirst()
}

export type ProcessedFields = { bytes?: Buffer; width: number; height: number; frames: number; dominant_color: string }

/** The upload's new variants replace its old ones, and the row is marked done, in one transaction. */
export async function saveProcessed(
  db: Db,
  id: string,
  fields: ProcessedFields,
  variants: NewVariant[],
  version: number,
  now: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('image_variants').where('image_id', '=', id).execute()
    for (const v of variants)
      await trx
        .insertInto('image_variants')
        .values({ ...v, image_id: id, size: v.bytes.length, created_at: now })
        .execute()
    const { bytes, ...rest } = fields
    await trx
      .updateTable('images')
      .set({
        ...rest,
        ...(bytes ? { bytes, size: bytes.length } : {}),
        variants_version: version,
        claimed_until: null,
        process_error: null,
      })
      .where('id', '=', id)
      .execute()
  })
}

/** A picture that cannot be processed is marked, not retried forever; its own URL keeps serving it as stored. */
export async function markFailed(db: Db, id: string, version: number, message: string): Promise<void> {
  await db
    .updateTable('images')
    .set({ variants_version: version, claimed_until: null, process_error: message.slice(0, 500) })
    .where('id', '=', id)
    .execute()
}
