import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { NotFoundEntrySchema, RedirectSchema, type RedirectInput } from '#shared/schemas/redirect.ts'
import { apiJson, apiRequest, queryString } from '../../../lib/api.ts'

export const REDIRECTS_PAGE_SIZE = 200

export const redirectKeys = { rules: ['/api/redirects'] as const, notFound: ['/api/not-found-log'] as const }

export const redirectsQuery = () =>
  queryOptions({
    queryKey: redirectKeys.rules,
    queryFn: () => apiJson(z.array(RedirectSchema), `/api/redirects${queryString({ limit: REDIRECTS_PAGE_SIZE })}`),
  })

export const notFoundLogQuery = () =>
  queryOptions({
    queryKey: redirectKeys.notFound,
    queryFn: () => apiJson(z.array(NotFoundEntrySchema), '/api/not-found-log'),
  })

export function useRedirectMutations() {
  const client = useQueryClient()
  const onSuccess = () =>
    client.invalidateQueries({
      predicate: (q) => q.queryKey[0] === redirectKeys.rules[0] || q.queryKey[0] === redirectKeys.notFound[0],
    })
  const create = useMutation({
    mutationFn: (body: RedirectInput) => apiJson(RedirectSchema, '/api/redirects', { method: 'POST', body }),
    onSuccess,
  })
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest(`/api/redirects/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess,
  })
  const dismiss = useMutation({
    mutationFn: (path: string) => apiRequest(`/api/not-found-log${queryString({ path })}`, { method: 'DELETE' }),
    onSuccess,
  })
  return { create, remove, dismiss }
}
