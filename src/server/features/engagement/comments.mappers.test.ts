import { describe, expect, it } from 'vitest'
import { AdminCommentSchema, PublicCommentSchema } from '#shared/schemas/engagement.ts'
import { rowToAdminComment, rowToPublicComment } from './comments.mappers.ts'

const row = {
  id: 'c1',
  post_id: 'p1',
  author_name: 'Ann',
  author_email: 'ann@example.com',
  content: '<b>typed</b>',
  is_approved: 0,
  ip: '10.0.0.1',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
}

describe('comment mappers', () => {
  it('gives readers only id, name, content and date: never the email or IP', () => {
    const out = rowToPublicComment(row)
    expect(PublicCommentSchema.strict().parse(out)).toEqual({
      id: 'c1',
      authorName: 'Ann',
      content: '<b>typed</b>',
      createdAt: '2026-01-01T00:00:00.000Z',
    })
    expect(JSON.stringify(out)).not.toMatch(/ann@example\.com|10\.0\.0\.1/)
  })

  it('gives the admin the email, approval state and the post, but not the IP', () => {
    const out = rowToAdminComment({ ...row, is_approved: 1, post_title: 'T', post_slug: 't' })
    expect(AdminCommentSchema.strict().parse(out)).toMatchObject({
      authorEmail: 'ann@example.com',
      isApproved: true,
      post: { id: 'p1', title: 'T', slug: 't' },
    })
    expect(JSON.stringify(out)).not.toContain('10.0.0.1')
  })
})
