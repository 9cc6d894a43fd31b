import './zod-jitless.ts'
import { useQuery } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import { useAuth } from '../../lib/auth.tsx'
import { matchAdminRoute, type AdminRoute } from '#shared/routes/admin-routes.ts'
import { paths } from '#shared/paths.ts'
import { useLocation, useNavigate } from '../../lib/router.tsx'
import { AdminLayout } from './admin-layout.tsx'
import { AnalyticsPage } from './analytics/analytics-page.tsx'
import { CategoriesPage } from './categories/categories-page.tsx'
import { CommentsPage } from './comments/comments-page.tsx'
import { SubscribersPage } from './subscribers/subscribers-page.tsx'
import { DashboardPage } from './dashboard/dashboard-page.tsx'
import { PostEditorPage } from './editor/post-editor-page.tsx'
import { editorSessionKey } from './editor/editor-session.ts'
import { FooterPageEditor } from './footer-pages/footer-page-editor.tsx'
import { LoginForm } from './auth/login-form.tsx'
import { ForgotPasswordForm } from './auth/forgot-password-form.tsx'
import { ResetPasswordForm } from './auth/reset-password-form.tsx'
import { MediaPage } from './media/media-page.tsx'
import { NotFoundPanel } from './not-found-panel.tsx'
import { PostsPage } from './posts/posts-page.tsx'
import { RedirectsPage } from './redirects/redirects-page.tsx'
import { setupStatusQuery } from './queries.ts'
import { SettingsPage } from './settings/settings-page.tsx'
import { SetupForm } from './auth/setup-form.tsx'
import { useSessionExpiry } from './use-session-expiry.ts'

/** The screen for each admin route (spec §2); the patterns live in src/shared/routes. */
function Screen({ route }: { route: AdminRoute }): ReactNode {
  switch (route.name) {
    case 'dashboard':
      return <DashboardPage />
    case 'posts':
      return <PostsPage />
    case 'post-editor':
      return <PostEditorPage key={editorSessionKey(route.id)} id={route.id} />
    case 'categories':
      return <CategoriesPage />
    case 'media':
      return <MediaPage />
    case 'comments':
      return <CommentsPage />
    case 'settings':
      return <SettingsPage />
    case 'analytics':
      return <AnalyticsPage />
    case 'redirects':
      return <RedirectsPage />
    case 'subscribers':
      return <SubscribersPage />
    case 'footer-page-editor':
      return <FooterPageEditor key={route.id ?? 'new'} id={route.id} />
    case 'login':
    case 'forgotPassword':
    case 'resetPassword':
    case 'not-found':
      return <NotFoundPanel />
  }
}

function LoggedOut({ route }: { route: AdminRoute }) {
  const setup = useQuery(setupStatusQuery())
  if (setup.isPending) return <Spinner label="Loading" />
  if (setup.data?.needsSetup) return <SetupForm />
  return route.name === 'forgotPassword' ? <ForgotPasswordForm /> : <LoginForm />
}

/** Client-only admin panel (lazy chunk). Every route needs a user; logged out, the login form shows in its place. */
export default function AdminApp() {
  const { user, ready } = useAuth()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const route = matchAdminRoute(pathname)
  const isLoginPath = route.name === 'login' || route.name === 'forgotPassword'
  useSessionExpiry()

  useEffect(() => {
    if (user && isLoginPath) navigate(paths.admin.dashboard(), { replace: true })
  }, [user, isLoginPath, navigate])

  // The emailed link works whoever is signed in: the reset signs every session out anyway.
  if (route.name === 'resetPassword') return <ResetPasswordForm />
  if (!user) return ready ? <LoggedOut route={route} /> : <Spinner label="Checking your session" />
  if (isLoginPath) return <Spinner label="Opening the dashboard" />
  return (
    <AdminLayout>
      <Screen route={route} />
    </AdminLayout>
  )
}
