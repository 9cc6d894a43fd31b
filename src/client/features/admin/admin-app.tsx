import './zod-jitless.ts'
import { useQuery } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import { useAuth } from '../../lib/auth.tsx'
import { matchPath, useLocation, useNavigate } from '../../lib/router.tsx'
import { AdminLayout } from './admin-layout.tsx'
import { AnalyticsPage } from './analytics/analytics-page.tsx'
import { CategoriesPage } from './categories/categories-page.tsx'
import { CommentsPage } from './comments/comments-page.tsx'
import { DashboardPage } from './dashboard/dashboard-page.tsx'
import { PostEditorPage } from './editor/post-editor-page.tsx'
import { FooterPageEditor } from './footer-pages/footer-page-editor.tsx'
import { LoginForm } from './auth/login-form.tsx'
import { MediaPage } from './media/media-page.tsx'
import { NotFoundPanel } from './not-found-panel.tsx'
import { PostsPage } from './posts/posts-page.tsx'
import { RedirectsPage } from './redirects/redirects-page.tsx'
import { setupStatusQuery } from './queries.ts'
import { SettingsPage } from './settings/settings-page.tsx'
import { SetupForm } from './auth/setup-form.tsx'
import { useSessionExpiry } from './use-session-expiry.ts'

/** The admin route table (spec §2). A footer-page path ending in 'new' is create mode. */
function renderRoute(pathname: string): ReactNode {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (path === '/admin' || path === '/admin/dashboard') return <DashboardPage />
  if (path === '/admin/posts') return <PostsPage />
  if (path === '/admin/posts/new') return <PostEditorPage key="new" id={null} />
  const edit = matchPath('/admin/posts/:id/edit', path)
  if (edit?.id) return <PostEditorPage key={edit.id} id={edit.id} />
  if (path === '/admin/categories') return <CategoriesPage />
  if (path === '/admin/media') return <MediaPage />
  if (path === '/admin/comments') return <CommentsPage />
  if (path === '/admin/settings') return <SettingsPage />
  if (path === '/admin/analytics') return <AnalyticsPage />
  if (path === '/admin/redirects') return <RedirectsPage />
  if (path === '/admin/footer-pages/new') return <FooterPageEditor key="new" id={null} />
  const footer = matchPath('/admin/footer-pages/:id/edit', path)
  if (footer?.id) return <FooterPageEditor key={footer.id} id={footer.id === 'new' ? null : footer.id} />
  return <NotFoundPanel />
}

function LoggedOut() {
  const setup = useQuery(setupStatusQuery())
  if (setup.isPending) return <Spinner label="Loading" />
  if (setup.data?.needsSetup) return <SetupForm />
  return <LoginForm />
}

/** Client-only admin panel (lazy chunk). Every route needs a user; logged out, the login form shows in its place. */
export default function AdminApp() {
  const { user, ready } = useAuth()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const isLoginPath = pathname.replace(/\/+$/, '') === '/admin/login'
  useSessionExpiry()

  useEffect(() => {
    if (user && isLoginPath) navigate('/admin/dashboard', { replace: true })
  }, [user, isLoginPath, navigate])

  if (!user) return ready ? <LoggedOut /> : <Spinner label="Checking your session" />
  if (isLoginPath) return <Spinner label="Opening the dashboard" />
  return <AdminLayout>{renderRoute(pathname)}</AdminLayout>
}
