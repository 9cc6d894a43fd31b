import { useEffect, useRef } from 'react'
import { ScrollProgress } from '../../components/site/scroll-progress.tsx'
import { SiteFooter } from '../../components/site/site-footer.tsx'
import { SiteNav } from '../../components/site/site-nav.tsx'
import { useLocation } from '../../lib/router.tsx'
import { FooterPageView } from './footer-page.tsx'
import { HomePage } from './home-page.tsx'
import { NotFoundPage } from './not-found-page.tsx'
import { PostListPage } from './post-list-page.tsx'
import { PostPage, PreviewPage } from './post-page.tsx'
import { matchPublicRoute, type PublicRoute } from '#shared/routes/public-routes.ts'

function Screen({ route }: { route: PublicRoute }) {
  switch (route.name) {
    case 'home':
      return <HomePage />
    case 'blog':
      return <PostListPage />
    case 'category':
      return <PostListPage categorySlug={route.slug} />
    case 'tag':
      return <PostListPage tag={route.tag} />
    case 'post':
      return <PostPage key={route.slug} slug={route.slug} />
    case 'preview':
      return <PreviewPage key={route.token} token={route.token} />
    case 'footer-page':
      return <FooterPageView key={route.slug} slug={route.slug} />
    case 'not-found':
      return <NotFoundPage />
  }
}

/** The reader site: progress bar, fixed nav, the screen for the URL, footer. */
export function PublicApp() {
  const { pathname } = useLocation()
  const mainRef = useRef<HTMLElement>(null)
  const firstPath = useRef(pathname)

  // After a client-side page change, move focus to the new content so screen readers and keyboards start there.
  useEffect(() => {
    if (pathname === firstPath.current) return
    firstPath.current = ''
    mainRef.current?.focus({ preventScroll: true })
  }, [pathname])

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-[70] rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:shadow"
      >
        Skip to content
      </a>
      <ScrollProgress />
      <SiteNav />
      <main id="main" ref={mainRef} tabIndex={-1} className="flex-1 pt-16 outline-none">
        <Screen route={matchPublicRoute(pathname)} />
      </main>
      <SiteFooter />
    </div>
  )
}
