import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState, type MouseEvent } from 'react'
import type { CommentsPage } from '#shared/schemas/engagement.ts'
import { COMMENTS_AFTER_PARAM, commentsAfterOf } from '#shared/site/comments-page.ts'
import { formatDate, plural } from '#shared/text/format.ts'
import { buttonVariants } from '../../components/ui/button.tsx'
import { MessageCircle } from '../../components/ui/icons.tsx'
import { useQuery } from '../../lib/page-query.ts'
import { Link, useLocation, useSearchParams } from '../../lib/router.tsx'
import { useSiteIdentity } from './use-site-identity.ts'
import { toast } from '../../lib/toast.tsx'
import { CommentForm } from './comment-form.tsx'
import { commentsQuery } from './queries.ts'

/**
 * The comment form and the approved comments, oldest first, 50 at a time (plain text only). "Show more" is a link to
 * the next page (`?comments-after=`), which the browser, with JavaScript, loads under the ones shown instead.
 */
export function CommentsSection({ postId, commentCount }: { postId: string; commentCount: number }) {
  const id = useId()
  const { pathname } = useLocation()
  const [search] = useSearchParams()
  const after = commentsAfterOf(search)
  const firstPage = useQuery(commentsQuery(postId, after))
  const queryClient = useQueryClient()
  // Pages added by "Show more", for the first page they follow.
  const [more, setMore] = useState<{ from: string; pages: CommentsPage[] }>({ from: '', pages: [] })
  const from = `${postId}:${after ?? ''}`
  const pages = firstPage.data ? [firstPage.data, ...(more.from === from ? more.pages : [])] : []
  const list = pages.flatMap((page) => page.comments)
  const next = pages.at(-1)?.next ?? null
  const [focusId, setFocusId] = useState<string | null>(null)
  const { timeZone } = useSiteIdentity()

  const showMore = useMutation({
    mutationFn: (cursor: string) => queryClient.fetchQuery(commentsQuery(postId, cursor)),
    onSuccess: (page) => {
      setMore((current) => ({ from, pages: [...(current.from === from ? current.pages : []), page] }))
      setFocusId(page.comments[0]?.id ?? null)
    },
    onError: () =>
      toast({ title: 'Error', description: 'Failed to load more comments. Please try again.', variant: 'destructive' }),
  })
  // Focus moves to the first comment "Show more" added, so keyboard and screen reader users read on from there.
  useEffect(() => {
    if (focusId) document.getElementById(`${id}-${focusId}`)?.focus()
  }, [focusId, id])

  const onShowMore = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!next || event.metaKey || event.ctrlKey || event.shiftKey) return
    event.preventDefault()
    if (!showMore.isPending) showMore.mutate(next)
  }

  return (
    <section id="comments" aria-labelledby="comments-heading" className="mt-12 scroll-mt-20">
      <h2 id="comments-heading" className="mb-6 flex items-center gap-2 text-2xl font-bold tracking-tight">
        <MessageCircle className="size-6" aria-hidden="true" />
        {`${commentCount} ${plural(commentCount, 'Comment')}`}
      </h2>
      <CommentForm postId={postId} />
      {after && (
        <p className="mt-8 text-sm">
          <Link href={`${pathname}#comments`} className="font-medium underline underline-offset-4">
            Show the first comments
          </Link>
        </p>
      )}
      {list.length > 0 && (
        <ol className="mt-8 space-y-4" aria-label="Comments">
          {list.map((c) => (
            <li
              key={c.id}
              id={`${id}-${c.id}`}
              tabIndex={-1}
              className="rounded-xl border p-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold">
                  {c.authorUrl ? (
                    <a
                      href={c.authorUrl}
                      rel="nofollow ugc noopener noreferrer"
                      className="underline underline-offset-4"
                    >
                      {c.authorName}
                    </a>
                  ) : (
                    c.authorName || 'Anonymous'
                  )}
                </span>
                <time dateTime={c.createdAt} className="text-xs text-muted-foreground">
                  {formatDate(c.createdAt, timeZone)}
                </time>
              </p>
              <p className="mt-2 whitespace-pre-line text-sm leading-relaxed">{c.content}</p>
            </li>
          ))}
        </ol>
      )}
      {next && (
        <a
          href={`${pathname}?${COMMENTS_AFTER_PARAM}=${encodeURIComponent(next)}#comments`}
          onClick={onShowMore}
          aria-disabled={showMore.isPending || undefined}
          className={buttonVariants({ variant: 'outline', className: 'mt-6 w-full sm:w-auto' })}
        >
          {showMore.isPending ? 'Loading...' : 'Show more'}
        </a>
      )}
    </section>
  )
}
