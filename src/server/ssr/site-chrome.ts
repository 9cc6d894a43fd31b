import type { Category } from '#shared/schemas/category.ts'
import type { FediverseAccount } from '#shared/schemas/fediverse.ts'
import type { SiteSetting } from '#shared/schemas/site.ts'
import type { Navigation } from '#shared/schemas/navigation.ts'
import type { SiteIdentity } from '#shared/schemas/site-identity.ts'
import type { AppContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { listCategories } from '../features/categories/categories.service.ts'
import { publicAccount } from '../features/fediverse/fediverse.service.ts'
import { getPublicSettings } from '../features/settings/settings.service.ts'
import { getNavigation } from '../features/settings/navigation.service.ts'
import { getSiteIdentity } from '../features/settings/site-identity.service.ts'

export type SiteChrome = {
  categories: Category[]
  settings: SiteSetting[]
  identity: SiteIdentity
  navigation: Navigation
  fediverse: FediverseAccount
}

const memo = new WeakMap<Db, { version: number; chrome: Promise<SiteChrome> }>()

const loadChrome = async (ctx: AppContext): Promise<SiteChrome> => {
  const db = ctx.db
  const [categories, settings, identity, navigation, fediverse] = await Promise.all([
    listCategories(db),
    getPublicSettings(db),
    getSiteIdentity(db),
    getNavigation(db),
    publicAccount(ctx),
  ])
  return { categories, settings, identity, navigation, fediverse }
}

/**
 * The footer's categories, social links and fediverse account, the site identity and the menus, on every page. They change only with public content, which moves the
 * content version, so anonymous pages read them once per version; `null` (an admin, a shared preview) reads afresh.
 */
export function siteChrome(ctx: AppContext, contentVersion: number | null): Promise<SiteChrome> {
  const db = ctx.db
  if (contentVersion === null) return loadChrome(ctx)
  const kept = memo.get(db)
  if (kept?.version === contentVersion) return kept.chrome
  const chrome = loadChrome(ctx)
  memo.set(db, { version: contentVersion, chrome })
  chrome.catch(() => {
    if (memo.get(db)?.chrome === chrome) memo.delete(db)
  })
  return chrome
}
