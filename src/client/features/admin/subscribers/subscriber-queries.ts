import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { SubscriberCountSchema, SubscriberPageSchema } from '#shared/schemas/subscriber.ts'
import { apiJson, apiRequest, queryString } from '../../../lib/api.ts'
import { toast } from '../../../lib/toast.tsx'
import { errorText } from '../queries.ts'

export type SubscriberFilter = { email: string; status: string; page: number }

export const subscriberKeys = {
  all: ['/api/admin/subscribers'] as const,
  page: (f: SubscriberFilter) => ['/api/admin/subscribers', f] as const,
  count: ['/api/admin/subscribers', 'count'] as const,
}

export const subscribersQuery = (f: SubscriberFilter) =>
  queryOptions({
    queryKey: subscriberKeys.page(f),
    queryFn: () =>
      apiJson(
        SubscriberPageSchema,
        `/api/admin/subscribers${queryString({ email: f.email || undefined, status: f.status || undefined, page: f.page })}`,
      ),
    placeholderData: (previous) => previous,
  })

export const subscriberCountQuery = () =>
  queryOptions({
    queryKey: subscriberKeys.count,
    queryFn: () => apiJson(SubscriberCountSchema, '/api/admin/subscribers/count'),
  })

export function useDeleteSubscriber() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/admin/subscribers/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast({ title: 'Subscriber deleted', description: 'The address has been permanently removed.' })
      return client.invalidateQueries({ queryKey: subscriberKeys.all })
    },
    onError: (err: Error) => toast({ title: 'Error', description: errorText(err), variant: 'destructive' }),
  })
}
