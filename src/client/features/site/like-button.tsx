import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useQuery } from '../../lib/page-query.ts'
import { Heart } from '../../components/ui/icons.tsx'
import type { LikeToggle } from '#shared/schemas/engagement.ts'
import { plural } from '#shared/text/format.ts'
import { Button } from '../../components/ui/button.tsx'
import { cn } from '../../lib/cn.ts'
import { requestJson } from '../../lib/get-json.ts'
import { toast } from '../../lib/toast.tsx'
import { siteKeys } from '#shared/site/query-keys.ts'
import { likesQuery } from './queries.ts'

export function LikeButton({ postId }: { postId: string }) {
  const queryClient = useQueryClient()
  const likes = useQuery(likesQuery(postId))
  const count = likes.data?.count ?? 0
  const liked = likes.data?.userHasLiked ?? false

  const toggle = useMutation({
    mutationFn: () => requestJson<LikeToggle>(`/api/posts/${encodeURIComponent(postId)}/like`, { method: 'POST' }),
    onSuccess: (result) => {
      queryClient.setQueryData(siteKeys.likes(postId), {
        count: Math.max(0, count + (result.liked ? 1 : -1)),
        userHasLiked: result.liked,
      })
      void queryClient.invalidateQueries({ queryKey: siteKeys.likes(postId) })
      toast({ title: result.liked ? 'Post liked!' : 'Like removed', description: result.message })
    },
    onError: () =>
      toast({ title: 'Error', description: 'Failed to update like. Please try again.', variant: 'destructive' }),
  })

  return (
    <Button
      variant={liked ? 'default' : 'outline'}
      aria-pressed={liked}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate()}
      data-testid="like-button"
    >
      <Heart className={cn(liked && 'fill-current')} aria-hidden="true" />
      <span>{`${count} ${plural(count, 'Like')}`}</span>
    </Button>
  )
}
