import {
  BarChart3,
  FileText,
  FolderOpen,
  Image,
  LayoutDashboard,
  LogOut,
  Mail,
  MessageSquare,
  Settings,
  Signpost,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { cn } from '../../lib/cn.ts'
import { useAuth } from '../../lib/auth.tsx'
import { Link, useLocation } from '../../lib/router.tsx'
import { paths } from '#shared/paths.ts'
import { ThemeToggle } from '../../components/site/theme-toggle.tsx'

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

/** Spec: a link is active when the current path starts with its href. */
function SidebarNav() {
  const { pathname } = useLocation()
  return (
    <nav aria-label="Admin">
      <ul className="flex gap-1 overflow-x-auto md:flex-col md:overflow-visible">
        {NAV.map(({ href, label, icon: Icon }) => {
          const active = pathname.startsWith(href)
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium hover:bg-accent hover:text-accent-foreground',
                  active && 'bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground',
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
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
      <main id="main" className="min-w-0 flex-1 p-4 md:p-8">
        <div className="mx-auto w-full max-w-6xl">{children}</div>
      </main>
    </div>
  )
}
