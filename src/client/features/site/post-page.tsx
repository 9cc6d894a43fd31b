import { type UseQueryResult } from '@tanstack/react-query'
import { useQuery } from '../../lib/page-query.ts'
import { Calendar, Clock, User } from '../../components/ui/icons.tsx'
import { ARTICLE_SIZES } from '#shared/images/variants.ts'
import { paths } from '#shared/paths.ts'
import type { PostDetail } from '#shared/schemas/post.ts'
import { formatDate } from '#shared/text/format.ts'
import { ResponsiveImage } from '../../components/site/responsive-image.tsx'
import { Badge, CategoryBadge } from '../../components/ui/badge.tsx'
import { buttonVariants } from '../../components/ui/button.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { Link } from '../../lib/router.tsx'
import { AuthorCard } from './author-card.tsx'
import { CommentsSection } from './comments-section.tsx'
import { notFoundHead, postHead } from '#shared/site/head.ts'
import { LikeButton } from './like-button.tsx'
import { PostContent } from './post-content.tsx'
import { postBySlugQuery, previewQuery } from './queries.ts'
import { RelatedPosts } from './related-posts.tsx'
import { ShareButtons } from './share-buttons.tsx'
import { SubscribeForm } from './subscribe-form.tsx'
import { TableOfContents } from './table-of-contents.tsx'
import { useDocumentHead } from './use-document-head.ts'
import { useSiteIdentity } from './use-site-identity.ts'
import { useViewBeacon } from './use-view-beacon.ts'

export function PostPage({ slug }: { slug: string }) {
  return <PostView query={useQuery(postBySlugQuery(slug))} notFoundPath={paths.post(slug)} />
}

/** /preview/{token}: a shared draft, for whoever holds the link. */
export function PreviewPage({ token }: { token: string }) {
  return <PostView query={useQuery(previewQuery(token))} notFoundPath={paths.preview(token)} />
}

function PostView({ query, notFoundPath }: { query: UseQueryResult<PostDetail | null>; notFoundPath: string }) {
  const post = query.data ?? null
  const draft = post !== null && post.status !== 'published'
  const site = useSiteIdentity()
  useDocumentHead(
    post ? postHead(site, post) : query.isPending ? null : notFoundHead(site, notFoundPath, 'Post Not Found'),
  )
  // A draft is not public: no view is counted, and likes and comments are off.
  useViewBeacon(draft ? undefined : post?.id)

  if (query.isPending) return <PostSkeleton />
  if (!post) return <PostNotFound message={query.isError ? query.error.message : null} />
  return <PostArticle post={post} draft={draft} />
}

function PostArticle({ post, draft }: { post: PostDetail; draft: boolean }) {
  const { timeZone } = useSiteIdentity()
  return (
    <>
      {draft && (
        <p className="border-b bg-warning px-4 py-2 text-center text-sm font-semibold text-warning-foreground">
          Draft — not public
        </p>
      )}
      <article className="relative mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <header className="mb-8">
          <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
            {post.category && (
              <Link href={paths.category(post.category.slug)} className="rounded-full">
                <CategoryBadge name={post.category.name} color={post.category.color} />
              </Link>
            )}
            {draft && <Badge variant="secondary">{post.status}</Badge>}
            <span className="inline-flex items-center gap-1.5">
              <Calendar className="size-4" aria-hidden="true" />
              {post.publishedAt ? (
                <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, timeZone)}</time>
              ) : (
                'Draft'
              )}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Clock className="size-4" aria-hidden="true" />
              {`${post.readingTime} min read`}
            </span>
          </div>
          <h1 className="text-3xl font-extrabold leading-tight tracking-tight text-balance sm:text-4xl md:text-5xl">
            {post.title}
          </h1>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-y py-4">
            <p className="inline-flex items-center gap-2 text-sm font-medium">
              <User className="size-4 text-muted-foreground" aria-hidden="true" />
              <span>{`By ${post.authorName}`}</span>
            </p>
            {!draft && <ShareButtons title={post.title} path={paths.post(post.slug)} />}
          </div>
        </header>
        {post.featuredImage && (
          <figure className="mb-10 overflow-hidden rounded-xl bg-muted">
            <ResponsiveImage
              src={post.featuredImage}
              alt={post.title}
              sizes={ARTICLE_SIZES}
              priority
              width={1200}
              height={630}
              className="aspect-[1200/630] w-full object-cover"
            />
          </figure>
        )}
        <TableOfContents headings={post.headings} />
        <PostContent html={post.contentHtml} />
        {post.tags.length > 0 && (
          <ul className="mt-10 flex flex-wrap gap-2" aria-label="Tags">
            {post.tags.map((tag) => (
              <li key={tag}>
                <Link
                  href={paths.tag(tag)}
                  className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Badge variant="secondary" className="hover:bg-secondary/70">
                    #{tag}
                  </Badge>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <AuthorCard post={post} />
        {!draft && (
          <>
            <div className="mt-10 flex items-center justify-between border-t pt-6">
              <div className="flex flex-wrap items-center gap-4">
                <LikeButton postId={post.id} />
                {post.fediverse && post.fediverse.likes + post.fediverse.boosts > 0 && (
                  <p className="text-sm text-muted-foreground">
                    {`From the fediverse: ${post.fediverse.likes} ${post.fediverse.likes === 1 ? 'like' : 'likes'}, ${post.fediverse.boosts} ${post.fediverse.boosts === 1 ? 'boost' : 'boosts'}`}
                  </p>
                )}
              </div>
              <ShareButtons title={post.title} path={paths.post(post.slug)} />
            </div>
            <SubscribeForm />
            <CommentsSection postId={post.id} commentCount={post.commentCount} />
          </>
        )}
      </article>
      {!draft && <RelatedPosts postId={post.id} />}
    </>
  )
}

function PostNotFound({ message }: { message: string | null }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Post Not Found</h1>
      <p className="mt-3 text-muted-foreground">
        The post you&apos;re looking for doesn&apos;t exist or has been removed
      </p>
      {message && <p className="mt-2 text-sm text-destructive">{message}</p>}
      <Link href={paths.blog()} className={buttonVariants({ className: 'mt-8' })}>
        Back to Blog
      </Link>
    </section>
  )
}

function PostSkeleton() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6" aria-busy="true" aria-label="Loading post">
      <Skeleton className="mb-4 h-5 w-48" />
      <Skeleton className="mb-3 h-12 w-full" />
      <Skeleton className="mb-8 h-12 w-2/3" />
      <Skeleton className="mb-10 aspect-[1200/630] w-full rounded-xl" />
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="mb-3 h-4 w-full" />
      ))}
    </div>
  )
}
