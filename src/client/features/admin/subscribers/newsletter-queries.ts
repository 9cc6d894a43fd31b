import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { NewsletterSendListSchema, NewsletterSendStateSchema, RetryAnswerSchema } from '#shared/schemas/newsletter.ts'
import { apiJson } from '../../../lib/api.ts'
import { toast } from '../../../lib/toast.tsx'
import { errorText } from '../queries.ts'

export const newsletterKeys = {
  all: ['/api/admin/newsletter/sends'] as const,
  post: (postId: string) => ['/api/admin/newsletter/sends', postId] as const,
}

/** Each sent post with its counts; refreshed every few seconds while any copy is still pending. */
export const sendsQuery = () =>
  queryOptions({
    queryKey: newsletterKeys.all,
    queryFn: () => apiJson(NewsletterSendListSchema, '/api/admin/newsletter/sends'),
    refetchInterval: (query) => (query.state.data?.some((s) => s.pending > 0) ? 5000 : false),
  })

/** One post's email: none yet, skipped, or sent (the editor's switch). */
export const sendStateQuery = (postId: string) =>
  queryOptions({
    queryKey: newsletterKeys.post(postId),
    queryFn: () => apiJson(NewsletterSendStateSchema, `/api/admin/newsletter/sends/${encodeURIComponent(postId)}`),
  })

export function useRetryFailed() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (postId: string) =>
      apiJson(RetryAnswerSchema, `/api/admin/newsletter/sends/${encodeURIComponent(postId)}/retry`, {
        method: 'POST',
      }),
    onSuccess: (answer) => {
      toast({
        title: 'Retrying',
        description: `${answer.retried} failed ${answer.retried === 1 ? 'email' : 'emails'} will be sent again.`,
      })
      return client.invalidateQueries({ queryKey: newsletterKeys.all })
    },
    onError: (err: Error) => toast({ title: 'Error', description: errorText(err), variant: 'destructive' }),
  })
}
