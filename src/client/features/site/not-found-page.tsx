import { paths } from '#shared/paths.ts'
import { buttonVariants } from '../../components/ui/button.tsx'
import { Link, useLocation } from '../../lib/router.tsx'
import { notFoundHead } from '#shared/site/head.ts'
import { useDocumentHead } from './use-document-head.ts'
import { useSiteIdentity } from './use-site-identity.ts'

/** Spec §2: any other path shows '404 Page Not Found' (the server answers 404). */
export function NotFoundPage() {
  const { pathname } = useLocation()
  useDocumentHead(notFoundHead(useSiteIdentity(), pathname, '404 Page Not Found'))
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="mt-3 text-muted-foreground">The page you&apos;re looking for doesn&apos;t exist or has moved.</p>
      <Link href={paths.home()} className={buttonVariants({ className: 'mt-8' })}>
        Back to Home
      </Link>
    </section>
  )
}
