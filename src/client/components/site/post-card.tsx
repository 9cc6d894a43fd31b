import { Calendar, Clock, Eye } from '../ui/icons.tsx'
import { CARD_SIZES, WIDE_CARD_SIZES } from '#shared/images/variants.ts'
import { paths } from '#shared/paths.ts'
import type { PostCard as Card } from '#shared/schemas/post.ts'
import { formatDate, viewsText } from '#shared/text/format.ts'
import { useSiteIdentity } from '../../features/site/use-site-identity.ts'
import { Badge, CategoryBadge } from '../ui/badge.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { Link } from '../../lib/router.tsx'
import { cn } from '../../lib/cn.ts'
import { ResponsiveImage } from './responsive-image.tsx'

/** `priority`: the first card on screen, whose image is the page's largest paint: fetched at once, not lazily. */
type Props = { post: Card; featured?: boolean; wide?: boolean; headingLevel?: 'h2' | 'h3'; priority?: boolean }

/** A post teaser. The whole card is one link (the title); the image and badges are decoration around it. */
export function PostCard({
  post,
  featured = false,
  wide = false,
  headingLevel: Heading = 'h3',
  priority = false,
}: Props) {
  const { timeZone } = useSiteIdentity()
  return (
    <article
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md',
        wide && 'md:flex-row',
      )}
    >
      <div
        className={cn(
          'relative aspect-video shrink-0 overflow-hidden bg-muted',
          wide && 'md:aspect-auto md:w-1/2 md:min-h-80',
        )}
      >
        <ResponsiveImage
          src={post.featuredImage}
          alt=""
          sizes={wide ? WIDE_CARD_SIZES : CARD_SIZES}
          priority={priority}
          width={800}
          height={450}
          className="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
        />
        {featured && <Badge className="absolute left-3 top-3 shadow">Featured</Badge>}
      </div>
      <div className={cn('flex flex-1 flex-col gap-3 p-5', wide && 'md:justify-center md:p-8')}>
        {post.category && (
          <CategoryBadge name={post.category.name} color={post.category.color} className="self-start" />
        )}
        <Heading className={cn('font-semibold leading-snug tracking-tight', wide ? 'text-2xl md:text-3xl' : 'text-lg')}>
          <Link href={paths.post(post.slug)} className="after:absolute after:inset-0 focus-visible:outline-none">
            {post.title}
          </Link>
        </Heading>
        <p className={cn('text-sm text-muted-foreground', wide ? 'line-clamp-4 md:text-base' : 'line-clamp-3')}>
          {post.snippet
            ? post.snippet.map((part, i) =>
                part.mark ? (
                  <mark key={i} className="rounded-sm bg-primary/15 px-0.5 text-foreground">
                    {part.text}
                  </mark>
                ) : (
                  part.text
                ),
              )
            : post.excerpt}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-2 text-xs text-muted-foreground">
          {post.publishedAt && (
            <span className="inline-flex items-center gap-1">
              <Calendar className="size-3.5" aria-hidden="true" />
              <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, timeZone)}</time>
            </span>
          )}
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            {`${post.readingTime} min read`}
          </span>
          <span className="inline-flex items-center gap-1">
            <Eye className="size-3.5" aria-hidden="true" />
            {viewsText(post.views)}
          </span>
        </div>
      </div>
    </article>
  )
}

export function PostCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border bg-card" data-testid="post-card-skeleton">
      <Skeleton className="aspect-video rounded-none" />
      <div className="flex flex-col gap-3 p-5">
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-6 w-4/5" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </div>
  )
}
