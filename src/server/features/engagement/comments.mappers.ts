import type { AdminComment, PublicComment } from '#shared/schemas/engagement.ts'
import type { CommentRow } from '../../db/schema.ts'
import { isoOrNull } from '../posts/posts.service.ts'
import type { AdminCommentRow } from './comments.repo.ts'

const iso = (value: string) => isoOrNull(value) ?? value

/** A reply from the fediverse says so and links its author; a comment made here carries neither field. */
const remoteFields = (row: CommentRow) =>
  row.source === 'fediverse' ? { source: 'fediverse' as const, authorUrl: row.author_url ?? null } : {}

/** What readers see: never the email or the IP. */
export function rowToPublicComment(row: CommentRow): PublicComment {
  return {
    id: row.id,
    authorName: row.author_name,
    content: row.content,
    createdAt: iso(row.created_at),
    ...remoteFields(row),
  }
}

export function rowToAdminComment(row: AdminCommentRow): AdminComment {
  return {
    id: row.id,
    postId: row.post_id,
    authorName: row.author_name,
    authorEmail: row.author_email,
    content: row.content,
    isApproved: Boolean(Number(row.is_approved)),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    post: { id: row.post_id, title: row.post_title, slug: row.post_slug },
    ...remoteFields(row),
  }
}
