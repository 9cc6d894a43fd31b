import type { Category } from '#shared/schemas/category.ts'
import type { SiteSetting } from '#shared/schemas/site.ts'
import type { Navigation } from '#shared/schemas/navigation.ts'
import type { SiteIdentity } from '#shared/schemas/site-identity.ts'
import type { Db } from '../db/client.ts'
import { listCategories } from '../features/categories/categories.service.ts'
import { getPublicSettings } from '../features/settings/settings.service.ts'
import { getNavigation } from '../features/settings/navigation.service.ts'
import { getSiteIdentity } from '../features/settings/site-identity.service.ts'

export type SiteChrome = {
  categories: Category[]
  settings: SiteSetting[]
  identity: SiteIdentity
  navigation: Navigation
}

const memo = new WeakMap<Db, { version: number; chrome: Promise<SiteChrome> }>()

const loadChrome = async (db: Db): Promise<SiteChrome> => {
  const [categories, settings, identity, navigation] = await Promise.all([
    listCategories(db),
    getPublicSettings(db),
    getSiteIdentity(db),
    getNavigation(db),
  ])
  return { categories, settings, identity, navigation }
}

/**
 * The footer's categories and social links, the site identity and the menus, on every page. They change only with public content, which moves the
 * content version, so anonymous pages read them once per version; `null` (an admin, a shared preview) reads afresh.
 */
export function siteChrome(db: Db, contentVersion: number | null): Promise<SiteChrome> {
  if (contentVersion === null) return loadChrome(db)
  const kept = memo.get(db)
  if (kept?.version === contentVersion) return kept.chrome
  const chrome = loadChrome(db)
  memo.set(db, { version: contentVersion, chrome })
  chrome.catch(() => {
    if (memo.get(db)?.chrome === chrome) memo.delete(db)
  })
  return chrome
}
