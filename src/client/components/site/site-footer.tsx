import { useQuery } from '../../lib/page-query.ts'
import { paths } from '#shared/paths.ts'
import { footerText } from '#shared/site/identity.ts'
import { Rss } from '../ui/icons.tsx'
import { useSiteIdentity } from '../../features/site/use-site-identity.ts'
import { Link } from '../../lib/router.tsx'
import { categoriesQuery, navigationQuery, siteSettingsQuery } from '../../features/site/queries.ts'
import { FediverseFollow } from './fediverse-follow.tsx'
import { MenuLink } from './menu-link.tsx'

const FOOTER_CATEGORIES = 6
const SOCIAL = [
  { key: 'x_url', label: 'X (Twitter)' },
  { key: 'linkedin_url', label: 'LinkedIn' },
  { key: 'instagram_url', label: 'Instagram' },
] as const

const headingClass = 'text-sm font-semibold uppercase tracking-wider text-foreground'
const linkClass = 'text-sm text-muted-foreground hover:text-foreground hover:underline underline-offset-4'

/** Categories and Connect show only when they have links (spec: social links are shown only when set). */
export function SiteFooter() {
  const categories = useQuery(categoriesQuery()).data ?? []
  const settings = useQuery(siteSettingsQuery()).data ?? []
  const site = useSiteIdentity()
  const menu = useQuery(navigationQuery()).data?.footer ?? []
  const social = SOCIAL.map((s) => ({ ...s, url: settings.find((x) => x.key === s.key)?.value ?? '' })).filter(
    (s) => s.url,
  )

  return (
    <footer className="mt-20 border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="space-y-2">
          <p className="text-lg font-bold">{site.title}</p>
          {site.tagline && <p className="text-sm text-muted-foreground">{site.tagline}</p>}
          <FediverseFollow />
        </div>
        <nav aria-label="Navigation" className="space-y-3">
          <h2 className={headingClass}>Navigation</h2>
          <ul className="space-y-2">
            <li>
              <Link href={paths.home()} className={linkClass}>
                Home
              </Link>
            </li>
            <li>
              <Link href={paths.blog()} className={linkClass}>
                Blog
              </Link>
            </li>
            <li>
              <a href={paths.feed()} className={`${linkClass} inline-flex items-center gap-1.5`}>
                <Rss className="size-4" />
                RSS feed
              </a>
            </li>
          </ul>
        </nav>
        {categories.length > 0 && (
          <nav aria-label="Categories" className="space-y-3">
            <h2 className={headingClass}>Categories</h2>
            <ul className="space-y-2">
              {categories.slice(0, FOOTER_CATEGORIES).map((c) => (
                <li key={c.id}>
                  <Link href={paths.category(c.slug)} className={linkClass}>
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {social.length > 0 && (
          <div className="space-y-3">
            <h2 className={headingClass}>Connect</h2>
            <ul className="space-y-2">
              {social.map((s) => (
                <li key={s.key}>
                  <a href={s.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm text-muted-foreground sm:px-6 md:flex-row md:items-center md:justify-between">
          {menu.length > 0 && (
            <nav aria-label="Legal and information">
              <ul className="flex flex-wrap gap-x-5 gap-y-2">
                {menu.map((item, i) => (
                  <li key={i}>
                    <MenuLink href={item.href} className={linkClass}>
                      {item.label}
                    </MenuLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {/* The year the page was rendered in: cached pages are rebuilt at least whenever content changes. */}
          <p suppressHydrationWarning>{footerText(site, new Date().getFullYear())}</p>
        </div>
      </div>
    </footer>
  )
}
