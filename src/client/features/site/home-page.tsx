import { useQuery } from '../../lib/page-query.ts'
import { ArrowRight } from '../../components/ui/icons.tsx'
import { paths } from '#shared/paths.ts'
import { heroText } from '#shared/site/identity.ts'
import { PostCard, PostCardSkeleton } from '../../components/site/post-card.tsx'
import { buttonVariants } from '../../components/ui/button.tsx'
import { Link } from '../../lib/router.tsx'
import { homeHead } from '#shared/site/head.ts'
import { featuredPostsQuery, latestPostsQuery } from './queries.ts'
import { SubscribeForm } from './subscribe-form.tsx'
import { PUBLIC_PAGE_SIZE } from '#shared/site/constants.ts'
import { useDocumentHead } from './use-document-head.ts'
import { useSiteIdentity } from './use-site-identity.ts'

const MAX_FEATURED = 3

export function HomePage() {
  const site = useSiteIdentity()
  useDocumentHead(homeHead(site))
  const featured = useQuery(featuredPostsQuery())
  const latest = useQuery(latestPostsQuery())
  const featuredPosts = (featured.data ?? []).slice(0, MAX_FEATURED)
  const featuredIds = new Set(featuredPosts.map((p) => p.id))
  const latestPosts = (latest.data?.posts ?? []).filter((p) => !featuredIds.has(p.id)).slice(0, PUBLIC_PAGE_SIZE)

  return (
    <>
      <section className="border-b bg-gradient-to-b from-accent to-background">
        <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 md:py-28">
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl md:text-6xl">
            {site.tagline || site.title}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground text-pretty">{heroText(site)}</p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <Link href={paths.blog()} className={buttonVariants({ size: 'lg' })}>
              Start Reading
              <ArrowRight aria-hidden="true" />
            </Link>
            <Link href={paths.blog()} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              Browse Categories
            </Link>
          </div>
        </div>
      </section>

      {(featured.isPending || featuredPosts.length > 0) && (
        <section aria-labelledby="featured-heading" className="mx-auto max-w-6xl px-4 pt-16 sm:px-6">
          <h2 id="featured-heading" className="mb-8 text-3xl font-bold tracking-tight">
            Featured Articles
          </h2>
          {featured.isPending ? (
            <PostCardSkeleton />
          ) : featuredPosts.length === 1 ? (
            <PostCard post={featuredPosts[0]!} wide priority />
          ) : (
            <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {featuredPosts.map((post) => (
                <PostCard key={post.id} post={post} featured priority={post === featuredPosts[0]} />
              ))}
            </div>
          )}
        </section>
      )}

      <section aria-labelledby="latest-heading" className="mx-auto max-w-6xl px-4 pt-16 sm:px-6">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <h2 id="latest-heading" className="text-3xl font-bold tracking-tight">
            Latest Articles
          </h2>
          <Link href={paths.blog()} className={buttonVariants({ variant: 'outline' })}>
            View All Posts
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {latest.isPending
            ? Array.from({ length: 6 }, (_, i) => <PostCardSkeleton key={i} />)
            : latestPosts.map((post) => <PostCard key={post.id} post={post} />)}
        </div>
        {!latest.isPending && latestPosts.length === 0 && <p className="text-muted-foreground">No posts found</p>}
      </section>
      <div className="mx-auto max-w-2xl px-4 sm:px-6">
        <SubscribeForm />
      </div>
    </>
  )
}
