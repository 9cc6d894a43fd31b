import { Menu, X } from '../ui/icons.tsx'
import { useEffect, useState } from 'react'
import { paths, SITE_NAME } from '#shared/paths.ts'
import { useAuth } from '../../lib/auth.tsx'
import { cn } from '../../lib/cn.ts'
import { Link, useLocation } from '../../lib/router.tsx'
import { ThemeToggle } from './theme-toggle.tsx'

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground'

/** Fixed nav: Home, Blog and 'Admin Login' (or 'Admin' and 'Logout'); a menu button below the md breakpoint. */
export function SiteNav() {
  const { user, logout } = useAuth()
  const location = useLocation()
  const [open, setOpen] = useState(false)

  // Close the mobile menu whenever the page changes.
  useEffect(() => setOpen(false), [location.pathname, location.search])

  const current = (href: string) => (href === '/' ? location.pathname === '/' : location.pathname.startsWith(href))
  const links = (
    <>
      <Link
        href={paths.home()}
        className={cn(linkClass, current('/') && 'text-foreground')}
        aria-current={current('/') ? 'page' : undefined}
      >
        Home
      </Link>
      <Link
        href={paths.blog()}
        className={cn(linkClass, current('/blog') && 'text-foreground')}
        aria-current={current('/blog') ? 'page' : undefined}
      >
        Blog
      </Link>
      {user ? (
        <>
          <Link href={paths.admin.dashboard()} className={linkClass}>
            Admin
          </Link>
          <button type="button" className={cn(linkClass, 'text-left')} onClick={() => void logout()}>
            Logout
          </button>
        </>
      ) : (
        <Link href="/admin" className={linkClass}>
          Admin Login
        </Link>
      )}
    </>
  )

  return (
    <header className="fixed inset-x-0 top-0 z-50 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link href={paths.home()} className="text-lg font-bold tracking-tight">
          {SITE_NAME}
        </Link>
        <div className="flex items-center gap-1">
          <div className="hidden items-center gap-1 md:flex">{links}</div>
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
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">{links}</div>
      </div>
    </header>
  )
}
