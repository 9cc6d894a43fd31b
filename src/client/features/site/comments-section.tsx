import { useMutation } from '@tanstack/react-query'
import { useQuery } from '../../lib/page-query.ts'
import { MessageCircle } from '../../components/ui/icons.tsx'
import { useId, useState, type FormEvent } from 'react'
import type { PublicComment } from '#shared/schemas/engagement.ts'
import { formatDate, plural } from '#shared/text/format.ts'
import { useSiteIdentity } from './use-site-identity.ts'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Label } from '../../components/ui/label.tsx'
import { Textarea } from '../../components/ui/textarea.tsx'
import { waitText } from '../../lib/api.ts'
import { requestJson } from '../../lib/get-json.ts'
import { toast } from '../../lib/toast.tsx'
import { COMMENT_MAX, COMMENT_NAME_MAX } from '#shared/site/constants.ts'
import { commentsQuery } from './queries.ts'

/** Comment form (pending until approved, spec §4) and the approved comments, oldest first. Plain text only. */
export function CommentsSection({ postId }: { postId: string }) {
  const id = useId()
  const { timeZone } = useSiteIdentity()
  const comments = useQuery(commentsQuery(postId))
  const [content, setContent] = useState('')
  const [authorName, setAuthorName] = useState('')
  const list = comments.data ?? []

  const submit = useMutation({
    mutationFn: () =>
      requestJson<Partial<PublicComment>>(`/api/posts/${encodeURIComponent(postId)}/comments`, {
        method: 'POST',
        body: { content: content.trim(), ...(authorName.trim() ? { authorName: authorName.trim() } : {}) },
      }),
    onSuccess: () => {
      setContent('')
      toast({ title: 'Comment submitted!', description: 'Your comment will be reviewed before being published.' })
    },
    // A 429 says how long to wait (a plain "try again" would only invite more refused tries).
    onError: (err) =>
      toast({
        title: 'Error',
        description: waitText(err) ?? 'Failed to submit comment. Please try again.',
        variant: 'destructive',
      }),
  })

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!content.trim()) {
      toast({ title: 'Missing comment', description: 'Please write your comment.', variant: 'destructive' })
      return
    }
    submit.mutate()
  }

  return (
    <section aria-labelledby="comments-heading" className="mt-12">
      <h2 id="comments-heading" className="mb-6 flex items-center gap-2 text-2xl font-bold tracking-tight">
        <MessageCircle className="size-6" aria-hidden="true" />
        {`${list.length} ${plural(list.length, 'Comment')}`}
      </h2>
      <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-xl border bg-card p-5">
        <div className="space-y-2">
          <Label htmlFor={`${id}-content`}>Leave a comment</Label>
          <Textarea
            id={`${id}-content`}
            name="content"
            rows={4}
            required
            maxLength={COMMENT_MAX}
            placeholder="Share your thoughts..."
            value={content}
            onChange={(e) => setContent(e.target.value)}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-name`}>Name (optional)</Label>
          <Input
            id={`${id}-name`}
            name="authorName"
            maxLength={COMMENT_NAME_MAX}
            autoComplete="name"
            value={authorName}
            onChange={(e) => setAuthorName(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? 'Submitting...' : 'Submit Comment'}
        </Button>
      </form>
      {list.length > 0 && (
        <ol className="mt-8 space-y-4" aria-label="Comments">
          {list.map((c) => (
            <li key={c.id} className="rounded-xl border p-5">
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold">{c.authorName || 'Anonymous'}</span>
                <time dateTime={c.createdAt} className="text-xs text-muted-foreground">
                  {formatDate(c.createdAt, timeZone)}
                </time>
              </p>
              <p className="mt-2 whitespace-pre-line text-sm leading-relaxed">{c.content}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
