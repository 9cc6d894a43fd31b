import { useQuery } from '../../lib/page-query.ts'
import { ARTICLE_SIZES } from '#shared/images/variants.ts'
import { paths } from '#shared/paths.ts'
import { formatDate } from '#shared/text/format.ts'
import { ResponsiveImage } from '../../components/site/responsive-image.tsx'
import { buttonVariants } from '../../components/ui/button.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { Link } from '../../lib/router.tsx'
import { PostContent } from './post-content.tsx'
import { footerPageHead, notFoundHead } from '#shared/site/head.ts'
import { footerPageQuery } from './queries.ts'
import { useDocumentHead } from './use-document-head.ts'
import { useSiteIdentity } from './use-site-identity.ts'

/** Footer content pages (/about, /privacy-policy, …): spinner, 'Page Not Found', or the page (spec §2). */
export function FooterPageView({ slug }: { slug: string }) {
  const query = useQuery(footerPageQuery(slug))
  const page = query.data ?? null
  const { timeZone, ...site } = useSiteIdentity()
  useDocumentHead(
    page ? footerPageHead(site, page) : query.isPending ? null : notFoundHead(site, paths.footerPage(slug)),
  )

  if (query.isPending) return <Spinner label="Loading page" className="py-32" />
  if (!page) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Page Not Found</h1>
        <p className="mt-3 text-muted-foreground">The page you&apos;re looking for doesn&apos;t exist.</p>
        <Link href={paths.home()} className={buttonVariants({ className: 'mt-8' })}>
          Back to Home
        </Link>
      </section>
    )
  }
  const updated = page.updatedAt ? (
    <time dateTime={page.updatedAt}>{formatDate(page.updatedAt, timeZone)}</time>
  ) : (
    'Never'
  )
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-4xl font-extrabold tracking-tight">{page.title}</h1>
      <p className="mt-3 text-sm text-muted-foreground">Last updated: {updated}</p>
      {page.featuredImage && (
        <div className="mt-8 overflow-hidden rounded-xl bg-muted">
          <ResponsiveImage
            src={page.featuredImage}
            alt=""
            sizes={ARTICLE_SIZES}
            priority
            width={1200}
            height={630}
            className="aspect-[1200/630] w-full object-cover"
          />
        </div>
      )}
      <div className="mt-8">
        <PostContent html={page.contentHtml} />
      </div>
    </article>
  )
}
