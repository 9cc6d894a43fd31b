import { NavigationSchema, type Navigation } from '#shared/schemas/navigation.ts'
import { paths } from '#shared/paths.ts'
import type { Db } from '../../db/client.ts'
import { listFooterPages } from '../footer-pages/footer-pages.service.ts'
import { deleteSetting, findSettings, upsertSetting } from './settings.repo.ts'

export const NAVIGATION_KEY = 'navigation'

const DEFAULT_HEADER = [
  { label: 'Home', href: paths.home() },
  { label: 'Blog', href: paths.blog() },
]

/**
 * The menus as saved in Settings → Navigation. Until the owner saves them, the header has Home and Blog and the
 * footer lists every active page in its order, so a new page appears there without any setting.
 */
export async function getNavigation(db: Db): Promise<Navigation> {
  const [row] = await findSettings(db, [NAVIGATION_KEY])
  const saved = row ? NavigationSchema.safeParse(safeJson(row.value)) : null
  if (saved?.success) return saved.data
  const pages = (await listFooterPages(db)).filter((p) => p.isActive)
  return { header: DEFAULT_HEADER, footer: pages.map((p) => ({ label: p.title, href: paths.footerPage(p.slug) })) }
}

export async function updateNavigation(db: Db, input: Navigation, now: Date): Promise<Navigation> {
  await upsertSetting(db, NAVIGATION_KEY, JSON.stringify(input), now)
  return getNavigation(db)
}

/** Back to the default menus, which follow the pages again. */
export async function resetNavigation(db: Db): Promise<Navigation> {
  await deleteSetting(db, NAVIGATION_KEY)
  return getNavigation(db)
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
