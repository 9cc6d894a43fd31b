// Test fixtures shared by the posts, engagement and stats API tests (not loaded by the app).
import { expect } from 'vitest'
import type { Post, PostInput } from '#shared/schemas/post.ts'
import { PostSchema } from '#shared/schemas/post.ts'
import { TEST_ADMIN, type TestApp } from '#test/support/test-app.ts'
import { createSession } from '#server/features/auth/sessions.repo.ts'

/** A session cookie for the test admin, made directly (no scrypt login per file). */
export async function adminCookie(t: TestApp): Promise<string> {
  const db = t.app.ctx.db
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', TEST_ADMIN.username)
    .executeTakeFirstOrThrow()
  const token = await createSession(db, user.id, t.app.ctx.clock())
  return `sid=${token}`
}

export async function adminId(t: TestApp): Promise<string> {
  const user = await t.app.ctx.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', TEST_ADMIN.username)
    .executeTakeFirstOrThrow()
  return user.id
}

/** Categories are another feature's API: tests insert rows directly. */
export async function insertCategory(
  t: TestApp,
  name: string,
  slug = name.toLowerCase(),
  color = '#3b82f6',
): Promise<string> {
  const id = crypto.randomUUID()
  await t.app.ctx.db
    .insertInto('categories')
    .values({ id, name, slug, color, description: null, created_at: new Date().toISOString() })
    .execute()
  return id
}

export async function createPost(t: TestApp, cookie: string, body: PostInput): Promise<Post> {
  const res = await t.request({ method: 'POST', url: '/api/posts', cookie, payload: body })
  expect(res.statusCode, res.body).toBe(201)
  return PostSchema.parse(res.json())
}

export const MINUTE = 60_000
