import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { Post } from '#shared/schemas/post.ts'
import { Card, CardContent } from '../../../components/ui/card.tsx'
import { Checkbox } from '../../../components/ui/checkbox.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { sendStateQuery } from '../subscribers/newsletter-queries.ts'
import { subscriberCountQuery } from '../subscribers/subscriber-queries.ts'

export type NewsletterChoice = { offered: boolean; send: boolean; setSend: (send: boolean) => void }

/**
 * The editor's "Email to subscribers" switch: offered when email is set up and the post has not gone out yet; on by
 * default, off when the post was saved not to be sent. Once the post is public it was sent (or skipped): no switch.
 */
export function useNewsletterChoice(post: Post | null): NewsletterChoice {
  const email = useQuery(subscriberCountQuery())
  const state = useQuery({ ...sendStateQuery(post?.id ?? ''), enabled: Boolean(post && email.data?.enabled) })
  const [send, setSend] = useState(true)
  const skipped = state.data?.state === 'skipped'
  useEffect(() => setSend(!skipped), [skipped])
  const offered = Boolean(email.data?.enabled) && post?.status !== 'published' && (!post || state.isSuccess)
  return { offered, send, setSend }
}

export function NewsletterSwitch({ choice }: { choice: NewsletterChoice }) {
  if (!choice.offered) return null
  return (
    <Card>
      <CardContent className="flex items-start gap-3 pt-6">
        <Checkbox
          id="post-send-newsletter"
          role="switch"
          className="mt-0.5"
          checked={choice.send}
          onChange={(e) => choice.setSend(e.target.checked)}
          aria-describedby="post-send-newsletter-hint"
        />
        <div className="space-y-1">
          <Label htmlFor="post-send-newsletter">Email to subscribers</Label>
          <p id="post-send-newsletter-hint" className="text-xs text-muted-foreground">
            Sent once, when the post is first published
          </p>
        </div>
      </CardContent>
    </Card>
  )
}
