import { lazy, Suspense } from 'react'
import { Spinner } from './components/ui/spinner.tsx'
import { setClassMerge } from './lib/cn.ts'
import { Toaster } from './lib/toast.tsx'
import { isAdminPath } from '#shared/routes/admin-routes.ts'
import { useLocation } from './lib/router.tsx'
import { PublicApp } from './features/site/public-app.tsx'

// The admin panel is its own chunk: reader pages never download it (nor tailwind-merge, see lib/cn.ts).
const AdminApp = lazy(() =>
  Promise.all([import('./features/admin/admin-app.tsx'), import('tailwind-merge')]).then(([admin, tw]) => {
    setClassMerge(tw.twMerge)
    return admin
  }),
)

/** Root of the React tree on both sides; the router and query client are provided by the entry files. */
export function App() {
  const { pathname } = useLocation()
  return (
    <>
      {isAdminPath(pathname) ? (
        <Suspense fallback={<Spinner label="Loading admin" />}>
          <AdminApp />
        </Suspense>
      ) : (
        <PublicApp />
      )}
      <Toaster />
    </>
  )
}
