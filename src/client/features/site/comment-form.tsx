import { useMutation } from '@tanstack/react-query'
import { useId, useRef, useState, type FormEvent } from 'react'
import type { PublicComment } from '#shared/schemas/engagement.ts'
import { COMMENT_MAX, COMMENT_NAME_MAX } from '#shared/site/constants.ts'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Label } from '../../components/ui/label.tsx'
import { Textarea } from '../../components/ui/textarea.tsx'
import { waitText } from '../../lib/api.ts'
import { requestJson } from '../../lib/get-json.ts'
import { toast } from '../../lib/toast.tsx'

export const EMPTY_COMMENT = 'Please write your comment.'
export const AWAITING_MODERATION = 'Your comment is awaiting moderation'

/**
 * The comment form (spec §4): a new comment waits for approval, which the reader is told under the form, where
 * focus goes after sending. An empty comment is an error on its field.
 */
export function CommentForm({ postId }: { postId: string }) {
  const id = useId()
  const [content, setContent] = useState('')
  const [authorName, setAuthorName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState(false)
  const contentRef = useRef<HTMLTextAreaElement>(null)
  const sentRef = useRef<HTMLParagraphElement>(null)

  const submit = useMutation({
    mutationFn: () =>
      requestJson<Partial<PublicComment>>(`/api/posts/${encodeURIComponent(postId)}/comments`, {
        method: 'POST',
        body: { content: content.trim(), ...(authorName.trim() ? { authorName: authorName.trim() } : {}) },
      }),
    onSuccess: () => {
      setContent('')
      setSent(true)
      toast({ title: 'Comment submitted!', description: 'Your comment will be reviewed before being published.' })
      requestAnimationFrame(() => sentRef.current?.focus())
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
      setError(EMPTY_COMMENT)
      toast({ title: 'Missing comment', description: EMPTY_COMMENT, variant: 'destructive' })
      contentRef.current?.focus()
      return
    }
    setSent(false)
    submit.mutate()
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-xl border bg-card p-5">
      <div className="space-y-2">
        <Label htmlFor={`${id}-content`}>Leave a comment</Label>
        <Textarea
          ref={contentRef}
          id={`${id}-content`}
          name="content"
          rows={4}
          required
          maxLength={COMMENT_MAX}
          placeholder="Share your thoughts..."
          value={content}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-content-error` : undefined}
          onChange={(e) => {
            setContent(e.target.value)
            if (error && e.target.value.trim()) setError(null)
          }}
        />
        {error && (
          <p id={`${id}-content-error`} className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
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
      <p ref={sentRef} tabIndex={-1} role="status" className="text-sm text-muted-foreground focus:outline-none">
        {sent ? AWAITING_MODERATION : ''}
      </p>
    </form>
  )
}
