import {
  DEFAULT_FEDIVERSE_SETTINGS,
  FediverseSettingsSchema,
  type FediverseSettings,
} from '#shared/schemas/fediverse.ts'
import type { Db } from '../../db/client.ts'
import { readState, writeState } from './fediverse.repo.ts'

/** The blog is one actor; this is its internal identifier in URLs (the public handle is a setting). */
export const BLOG_ACTOR = 'site'

const SETTINGS = 'settings'

export async function readSettings(db: Db): Promise<FediverseSettings> {
  const json = await readState(db, SETTINGS)
  if (!json) return DEFAULT_FEDIVERSE_SETTINGS
  try {
    const parsed = FediverseSettingsSchema.safeParse(JSON.parse(json))
    return parsed.success ? parsed.data : DEFAULT_FEDIVERSE_SETTINGS
  } catch {
    return DEFAULT_FEDIVERSE_SETTINGS
  }
}

export async function saveSettings(db: Db, settings: FediverseSettings, now: Date): Promise<void> {
  await writeState(db, SETTINGS, JSON.stringify(settings), now)
}
