import { randomBytes } from 'node:crypto'
import { paths } from '#shared/paths.ts'
import type { PostDetail } from '#shared/schemas/post.ts'
import type { PreviewLink } from '#shared/schemas/preview.ts'
import type { Db } from '../../db/client.ts'
import { notFound } from '../../errors.ts'
import { isoOrNull } from '../posts/posts.service.ts'
import { postById, postDetailBySlug } from '../posts/posts.service.ts'
import * as repo from './previews.repo.ts'

const toLink = (row: { token: string; created_at: string }): PreviewLink => ({
  path: paths.preview(row.token),
  createdAt: isoOrNull(row.created_at) ?? row.created_at,
})

/** The post's secret link, or null when none is shared (the usual case, not an error). */
export async function getPreviewLink(db: Db, postId: string): Promise<PreviewLink | null> {
  await postById(db, postId, { isAdmin: true })
  const row = await repo.findPreviewByPost(db, postId)
  return row ? toLink(row) : null
}

/** The post's secret link: made once (192 random bits), the same on every later call until revoked. */
export async function sharePreview(db: Db, postId: string, now: Date): Promise<PreviewLink> {
  await postById(db, postId, { isAdmin: true })
  await repo.insertPreview(db, {
    post_id: postId,
    token: randomBytes(24).toString('base64url'),
    created_at: now.toISOString(),
  })
  return toLink((await repo.findPreviewByPost(db, postId)) ?? notFound('Preview link'))
}

export async function revokePreview(db: Db, postId: string): Promise<void> {
  if (!(await repo.deletePreview(db, postId))) notFound('Preview link')
}

/** What the link shows: the post as it is saved, to anyone holding the token, until it is revoked. */
export async function postByPreviewToken(db: Db, token: string): Promise<PostDetail> {
  const postId = (await repo.findPostIdByToken(db, token)) ?? notFound('Preview')
  const post = await postById(db, postId, { isAdmin: true })
  return postDetailBySlug(db, post.slug, { isAdmin: true })
}
