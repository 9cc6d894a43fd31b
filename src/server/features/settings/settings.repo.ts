import type { Db } from '../../db/client.ts'

export async function findSettings(db: Db, keys: readonly string[]): Promise<Array<{ key: string; value: string }>> {
  return db
    .selectFrom('site_settings')
    .select(['key', 'value'])
    .where('key', 'in', [...keys])
    .execute()
}

export async function upsertSetting(db: Db, key: string, value: string, now: Date): Promise<void> {
  const at = now.toISOString()
  await db
    .insertInto('site_settings')
    .values({ id: crypto.randomUUID(), key, value, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
    .execute()
}

export async function deleteSetting(db: Db, key: string): Promise<void> {
  await db.deleteFrom('site_settings').where('key', '=', key).execute()
}
