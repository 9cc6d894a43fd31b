import { Menu, X } from '../ui/icons.tsx'
import { useEffect, useState } from 'react'
import { paths } from '#shared/paths.ts'
import { logoUrl } from '#shared/site/identity.ts'
import { useAuth } from '../../lib/auth.tsx'
import { cn } from '../../lib/cn.ts'
import { Link, useLocation } from '../../lib/router.tsx'
import { useSiteIdentity } from '../../features/site/use-site-identity.ts'
import { navigationQuery } from '../../features/site/queries.ts'
import { useQuery } from '../../lib/page-query.ts'
import { HeaderSearch } from './header-search.tsx'
import { MenuLink } from './menu-link.tsx'
import { ThemeToggle } from './theme-toggle.tsx'

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground'

/**
 * Fixed nav: the site's name (and logo), the header menu (Settings → Navigation), a search box, and 'Admin' and 'Logout' for a signed-in owner
 * (the way in, /admin, is not advertised to readers); a menu button below the md breakpoint.
 */
export function SiteNav() {
  const { user, logout } = useAuth()
  const site = useSiteIdentity()
  const logo = logoUrl(site)
  const location = useLocation()
  const [open, setOpen] = useState(false)

  // Close the mobile menu whenever the page changes.
  useEffect(() => setOpen(false), [location.pathname, location.search])

  const menu = useQuery(navigationQuery()).data?.header ?? []
  const current = (href: string) =>
    href.startsWith('/') && (href === '/' ? location.pathname === '/' : location.pathname.startsWith(href))
  const links = (
    <>
      {menu.map((item, i) => (
        <MenuLink
          key={i}
          href={item.href}
          className={cn(linkClass, current(item.href) && 'text-foreground')}
          aria-current={current(item.href) ? 'page' : undefined}
        >
          {item.label}
        </MenuLink>
      ))}
      {user && (
        <>
          <Link href={paths.admin.dashboard()} className={linkClass}>
            Admin
          </Link>
          <button type="button" className={cn(linkClass, 'text-left')} onClick={() => void logout()}>
            Logout
          </button>
        </>
      )}
    </>
  )

  return (
    <header className="fixed inset-x-0 top-0 z-50 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link href={paths.home()} className="flex min-w-0 items-center gap-2 text-lg font-bold tracking-tight">
          {logo && <img src={logo} alt="" width={32} height={32} className="size-8 shrink-0 rounded object-contain" />}
          <span className="truncate">{site.title}</span>
        </Link>
        <div className="flex items-center gap-1">
          <div className="hidden items-center gap-1 md:flex">{links}</div>
          <HeaderSearch className="mx-1 hidden w-44 md:block lg:w-56" />
          <ThemeToggle />
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-md hover:bg-accent md:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
          </button>
        </div>
      </nav>
      <div id="mobile-menu" hidden={!open} className="border-t bg-background md:hidden">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          <HeaderSearch className="mb-2" />
          {links}
        </div>
      </div>
    </header>
  )
}
