import { SiteIdentitySchema, type SiteIdentity } from '#shared/schemas/site-identity.ts'
import { DEFAULT_SITE_IDENTITY } from '#shared/site/identity.ts'
import type { Db } from '../../db/client.ts'
import { findSettings, upsertSetting } from './settings.repo.ts'

/** One settings row holds the whole identity as JSON: it is read and written as one, like the form that edits it. */
export const SITE_IDENTITY_KEY = 'site_identity'

/**
 * The site identity stored as JSON: each field that still passes the schema is kept and any other falls back
 * to its default, so a row written by an older version (or edited by hand) never breaks a page.
 */
export function readSiteIdentity(json: string | undefined): SiteIdentity {
  if (!json) return DEFAULT_SITE_IDENTITY
  let stored: unknown
  try {
    stored = JSON.parse(json)
  } catch {
    return DEFAULT_SITE_IDENTITY
  }
  if (typeof stored !== 'object' || stored === null) return DEFAULT_SITE_IDENTITY
  const identity: Record<string, unknown> = { ...DEFAULT_SITE_IDENTITY }
  for (const [key, field] of Object.entries(SiteIdentitySchema.shape)) {
    const parsed = field.safeParse((stored as Record<string, unknown>)[key])
    if (parsed.success) identity[key] = parsed.data
  }
  return identity as SiteIdentity
}

/**
 * The site's title, words, images, accent colour, locale and feed choice: the one function every part that names
 * the site reads (head tags, feeds, JSON-LD, the reader's chrome, later the fediverse actor and emails).
 */
export async function getSiteIdentity(db: Db): Promise<SiteIdentity> {
  const [row] = await findSettings(db, [SITE_IDENTITY_KEY])
  return readSiteIdentity(row?.value)
}

export async function updateSiteIdentity(db: Db, input: SiteIdentity, now: Date): Promise<SiteIdentity> {
  await upsertSetting(db, SITE_IDENTITY_KEY, JSON.stringify(input), now)
  return getSiteIdentity(db)
}
