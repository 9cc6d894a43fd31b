import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import type { PostForm } from '#shared/post-draft.ts'
import { PreviewLinkSchema } from '#shared/schemas/preview.ts'
import { LinkCheckSchema } from '#shared/schemas/redirect.ts'
import { AutosaveSchema, RevisionSchema, RevisionSummarySchema } from '#shared/schemas/revision.ts'
import { apiJson, apiRequest } from '../../../lib/api.ts'
import { orNullOn404 } from '#shared/or-null-on-404.ts'

const enc = encodeURIComponent

/** The working copy's key: the post's id, or "new" before it is created. */
export const autosaveKey = (postId: string | null) => postId ?? 'new'

export const editorKeys = {
  autosave: (key: string) => ['/api/autosaves', key] as const,
  revisions: (postId: string) => ['/api/posts', postId, 'revisions'] as const,
  revision: (postId: string, id: string) => ['/api/posts', postId, 'revisions', id] as const,
  previewLink: (postId: string) => ['/api/posts', postId, 'preview-link'] as const,
}

export const autosaveQuery = (key: string) =>
  queryOptions({
    queryKey: editorKeys.autosave(key),
    queryFn: () => apiJson(AutosaveSchema.nullable(), `/api/autosaves/${enc(key)}`),
    staleTime: Infinity,
    retry: false,
  })

export const saveAutosave = (key: string, form: PostForm) =>
  apiJson(AutosaveSchema, `/api/autosaves/${enc(key)}`, { method: 'PUT', body: { form } })

export const discardAutosave = (key: string) =>
  orNullOn404(() => apiRequest(`/api/autosaves/${enc(key)}`, { method: 'DELETE' }))

export const revisionsQuery = (postId: string) =>
  queryOptions({
    queryKey: editorKeys.revisions(postId),
    queryFn: () => apiJson(z.array(RevisionSummarySchema), `/api/posts/${enc(postId)}/revisions`),
  })

export const revisionQuery = (postId: string, id: string) =>
  queryOptions({
    queryKey: editorKeys.revision(postId, id),
    queryFn: () => apiJson(RevisionSchema, `/api/posts/${enc(postId)}/revisions/${enc(id)}`),
    staleTime: Infinity,
  })

export const restoreRevision = (postId: string, id: string) =>
  apiJson(AutosaveSchema, `/api/posts/${enc(postId)}/revisions/${enc(id)}/restore`, { method: 'POST' })

export const previewLinkQuery = (postId: string) =>
  queryOptions({
    queryKey: editorKeys.previewLink(postId),
    queryFn: () => apiJson(PreviewLinkSchema.nullable(), `/api/posts/${enc(postId)}/preview-link`),
    retry: false,
  })

export function usePreviewLinkMutations(postId: string) {
  const client = useQueryClient()
  const key = editorKeys.previewLink(postId)
  const share = useMutation({
    mutationFn: () => apiJson(PreviewLinkSchema, `/api/posts/${enc(postId)}/preview-link`, { method: 'POST' }),
    onSuccess: (link) => client.setQueryData(key, link),
  })
  const revoke = useMutation({
    mutationFn: () => apiRequest(`/api/posts/${enc(postId)}/preview-link`, { method: 'DELETE' }),
    onSuccess: () => client.setQueryData(key, null),
  })
  return { share, revoke }
}

export const linkCheckQuery = (paths: string[]) =>
  queryOptions({
    queryKey: ['/api/link-check', paths] as const,
    queryFn: () => apiJson(LinkCheckSchema, '/api/link-check', { method: 'POST', body: { paths } }),
    enabled: paths.length > 0,
    staleTime: 30_000,
  })
