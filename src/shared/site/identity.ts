import type { SiteIdentity } from '../schemas/site-identity.ts'
import { uploadOf, variantUrl } from '../images/variants.ts'

/**
 * The site's identity as a fresh install has it. Plain values, no zod: the reader bundle imports this file
 * (src/shared/schemas/site-identity.ts validates the same shape on the server and in the admin form).
 */
export const DEFAULT_SITE_IDENTITY: SiteIdentity = {
  title: 'Lab of Life',
  tagline: 'A Lab of Life, Code, and Curiosity',
  description: 'Notes on building, learning and living: apps, AI, habits, workouts and mindset.',
  heroText: '',
  logo: '',
  favicon: '',
  accentColor: '#1d4ed8',
  timeZone: 'UTC',
  language: 'en',
  footerLine: '© {year} {title}. All rights reserved.',
  fullContentRss: true,
}

/** The default icon, served when no favicon was uploaded. */
export const DEFAULT_FAVICON = '/favicon.svg'

/** The footer line with its placeholders filled: `{year}` (the current year) and `{title}` (the site title). */
export function footerText(site: Pick<SiteIdentity, 'footerLine' | 'title'>, year: number): string {
  return site.footerLine.replaceAll('{year}', String(year)).replaceAll('{title}', site.title)
}

/** The home page's hero paragraph: its own text when set, else the site description. */
export const heroText = (site: Pick<SiteIdentity, 'heroText' | 'description'>) => site.heroText || site.description

// Icons are shown at most 180 px (apple-touch-icon); the smallest variant is plenty.
const ICON_WIDTH = 480

/** The uploaded favicon's PNG-or-own-format variant, or the default icon. */
export function faviconUrl(site: Pick<SiteIdentity, 'favicon'>): string {
  const upload = uploadOf(site.favicon)
  return upload ? variantUrl(upload.hash, ICON_WIDTH, upload.ext) : DEFAULT_FAVICON
}

/** The logo's smallest variant for the header (shown about 40 px high), or null without a logo. */
export function logoUrl(site: Pick<SiteIdentity, 'logo'>): string | null {
  const upload = uploadOf(site.logo)
  return upload ? variantUrl(upload.hash, ICON_WIDTH, upload.ext) : null
}
