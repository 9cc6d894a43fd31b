import { expect, type APIRequestContext } from '@playwright/test'
import type { Category } from '#shared/schemas/category.ts'
import type { Post, PostInput } from '#shared/schemas/post.ts'

/** Test data through the API (the page's request context carries its session cookie and origin). */
export async function createPost(request: APIRequestContext, input: PostInput): Promise<Post> {
  const res = await request.post('/api/posts', { data: input, headers: sameOrigin(request) })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as Post
}

export async function createCategory(
  request: APIRequestContext,
  input: { name: string; slug: string; color?: string },
): Promise<Category> {
  const res = await request.post('/api/categories', {
    data: { color: '#10b981', ...input },
    headers: sameOrigin(request),
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as Category
}

// Playwright's request context sends no Origin; the server refuses state changes with a session but no same-origin marker.
function sameOrigin(_request: APIRequestContext): Record<string, string> {
  return { 'Sec-Fetch-Site': 'same-origin' }
}
