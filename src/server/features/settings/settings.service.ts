import { SOCIAL_KEYS, type SettingsUpdate, type SiteSetting } from '#shared/schemas/site.ts'
import type { Db } from '../../db/client.ts'
import { findSettings, upsertSetting } from './settings.repo.ts'

/**
 * The public settings: always the three social keys, in a fixed order, '' when unset. Other rows of the
 * table (internal markers) never leave the server. SSR calls this directly.
 */
export async function getPublicSettings(db: Db): Promise<SiteSetting[]> {
  const stored = new Map((await findSettings(db, SOCIAL_KEYS)).map((r) => [r.key, r.value]))
  return SOCIAL_KEYS.map((key) => ({ key, value: stored.get(key) ?? '' }))
}

/** Only known keys reach here (the schema refuses others); '' clears a link. Keys not sent stay as they were. */
export async function updateSettings(db: Db, input: SettingsUpdate, now: Date): Promise<SiteSetting[]> {
  await db.transaction().execute(async (trx) => {
    for (const { key, value } of input.settings) await upsertSetting(trx, key, value, now)
  })
  return getPublicSettings(db)
}
