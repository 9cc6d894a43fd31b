import {
  BarChart3,
  ChevronDown,
  FileText,
  FolderOpen,
  Image,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  MessageSquare,
  Settings,
  Signpost,
} from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { cn } from '../../lib/cn.ts'
import { useAuth } from '../../lib/auth.tsx'
import { Link, useLocation } from '../../lib/router.tsx'
import { paths } from '#shared/paths.ts'
import { ThemeToggle } from '../../components/site/theme-toggle.tsx'
import { statsQuery } from './queries.ts'

const NAV = [
  { href: paths.admin.dashboard(), label: 'Dashboard', icon: LayoutDashboard },
  { href: paths.admin.posts(), label: 'Posts', icon: FileText },
  { href: paths.admin.categories(), label: 'Categories', icon: FolderOpen },
  { href: paths.admin.media(), label: 'Media', icon: Image },
  { href: paths.admin.comments(), label: 'Comments', icon: MessageSquare },
  { href: paths.admin.redirects(), label: 'Redirects', icon: Signpost },
  { href: paths.admin.subscribers(), label: 'Subscribers', icon: Mail },
  { href: paths.admin.settings(), label: 'Settings', icon: Settings },
  // Not in the spec's six: without it the phone layout had no way to Analytics.
  { href: paths.admin.analytics(), label: 'Analytics', icon: BarChart3 },
]

/**
 * Spec: a link is active when the current path starts with its href. On a phone the list folds into a menu whose
 * button names the current section, so where you are is always in view; Esc closes it and returns to the button.
 */
function SidebarNav() {
  const { pathname } = useLocation()
  const { user } = useAuth()
  const pending = useQuery({ ...statsQuery(), enabled: Boolean(user) }).data?.pendingComments ?? 0
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const listId = useId()
  const current = NAV.find(({ href }) => pathname.startsWith(href))
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return
    setOpen(false)
    buttonRef.current?.focus()
  }
  return (
    <nav aria-label="Admin" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium md:hidden"
      >
        <Menu className="size-4" aria-hidden="true" />
        <span className="sr-only">Menu: </span>
        {current?.label ?? 'Menu'}
        <ChevronDown className={cn('ml-auto size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <ul id={listId} className={cn('flex-col gap-1 md:flex', open ? 'mt-2 flex' : 'hidden')}>
        {NAV.map(({ href, label, icon: Icon }) => {
          const active = pathname.startsWith(href)
          const count = href === paths.admin.comments() ? pending : 0
          return (
            <li key={href}>
              <Link
                href={href}
                onClick={() => setOpen(false)}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium hover:bg-accent hover:text-accent-foreground',
                  active && 'bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground',
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
                {count > 0 && (
                  <span
                    data-testid="sidebar-pending"
                    className={cn(
                      'ml-auto rounded-full px-2 text-xs font-semibold',
                      active ? 'bg-primary-foreground text-primary' : 'bg-primary text-primary-foreground',
                    )}
                  >
                    {count}
                    <span className="sr-only"> pending</span>
                  </span>
                )}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/**
 * The sidebar column stretches to the page's full height (its background and border never stop partway), while
 * its content sticks to the viewport and scrolls on its own when the window is short. Every page gets the same
 * width: the layout owns it, pages fill it.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { user, logout } = useAuth()
  return (
    <div className="min-h-dvh bg-muted/40 md:flex">
      <a
        href="#main"
        className="sr-only z-[70] rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:shadow"
      >
        Skip to content
      </a>
      <aside className="border-b bg-background md:w-64 md:shrink-0 md:border-b-0 md:border-r">
        <div className="md:sticky md:top-0 md:flex md:max-h-dvh md:flex-col md:overflow-y-auto">
          <div className="flex items-center justify-between gap-2 px-4 pt-4 md:block">
            <div className="flex items-center justify-between gap-2">
              <Link href="/admin/dashboard" className="text-lg font-bold">
                Blog Admin
              </Link>
              <ThemeToggle className="size-9" />
            </div>
            <div className="flex min-w-0 items-center gap-2 md:hidden">
              <span className="truncate text-sm text-muted-foreground" title={user?.email}>
                {user?.username}
              </span>
              <Button variant="ghost" size="sm" onClick={() => void logout()}>
                <LogOut aria-hidden="true" />
                Logout
              </Button>
            </div>
          </div>
          <div className="px-2 py-3 md:flex-1 md:px-3 md:py-6">
            <SidebarNav />
          </div>
          <div className="hidden border-t p-4 md:block">
            <p className="truncate text-sm font-medium">{user?.username}</p>
            <p className="mb-3 truncate text-xs text-muted-foreground">{user?.email}</p>
            <Button variant="outline" size="sm" className="w-full" onClick={() => void logout()}>
              <LogOut aria-hidden="true" />
              Logout
            </Button>
          </div>
        </div>
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-8">
        <div className="mx-auto w-full max-w-6xl">{children}</div>
      </main>
    </div>
  )
}
