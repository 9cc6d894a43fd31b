import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { uploadOf, variantUrl } from '#shared/images/variants.ts'
import { MEDIA_PAGE_SIZE, MediaItemSchema, MediaListSchema } from '#shared/schemas/media.ts'
import { apiJson, apiRequest, queryString } from '../../../lib/api.ts'
import { toast } from '../../../lib/toast.tsx'
import { errorText } from '../queries.ts'

export type MediaFilter = 'all' | 'unused'

const MEDIA_KEY = '/api/admin/media'

export const mediaQuery = (filter: MediaFilter, page: number, limit = MEDIA_PAGE_SIZE) =>
  queryOptions({
    queryKey: [MEDIA_KEY, { filter, page, limit }] as const,
    queryFn: () => apiJson(MediaListSchema, `${MEDIA_KEY}${queryString({ filter, page, limit })}`),
  })

export const refreshMedia = (client: QueryClient) => client.invalidateQueries({ queryKey: [MEDIA_KEY] })

/** The outcome toasts belong to the mutation (docs/decisions/030): a deleted card unmounts before it settles. */
export function useMediaMutations() {
  const client = useQueryClient()
  const failed = (title: string) => (err: Error) =>
    toast({ title, description: errorText(err), variant: 'destructive' })
  const saveAlt = useMutation({
    mutationFn: ({ id, altText }: { id: string; altText: string }) =>
      apiJson(MediaItemSchema, `${MEDIA_KEY}/${encodeURIComponent(id)}`, { method: 'PATCH', body: { altText } }),
    onSuccess: () => {
      toast({ title: 'Alt text saved' })
      return refreshMedia(client)
    },
    onError: failed('Alt text not saved'),
  })
  const remove = useMutation({
    mutationFn: ({ id, confirm }: { id: string; name: string; confirm: boolean }) =>
      apiRequest(`${MEDIA_KEY}/${encodeURIComponent(id)}${confirm ? '?confirm=true' : ''}`, { method: 'DELETE' }),
    onSuccess: (_, { name }) => {
      toast({ title: 'Image deleted', description: name })
      return refreshMedia(client)
    },
    onError: failed('Image not deleted'),
  })
  return { saveAlt, remove }
}

/** A small WebP of an upload for the library's grid (every upload has one, animations stay animated). */
export function thumbnailUrl(url: string): string {
  const upload = uploadOf(url)
  return upload ? variantUrl(upload.hash, 480, 'webp') : url
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
