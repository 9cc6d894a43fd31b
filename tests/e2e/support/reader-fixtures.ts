import { test as base, expect, type APIRequestContext } from '@playwright/test'
import type { Category } from '#shared/schemas/category.ts'
import type { AdminComment, AdminCommentsPage } from '#shared/schemas/engagement.ts'
import type { Post, PostInput } from '#shared/schemas/post.ts'

export const E2E_ADMIN = { username: 'admin', password: 'e2e-password-123' }

/** A short id no other test (or earlier run) uses, safe in slugs. */
export function uid(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

/** Test data through the admin API, as a logged-in admin in its own request context (not the reader's browser). */
export type AdminApi = {
  createCategory: (name: string, slug: string, color?: string) => Promise<Category>
  createPost: (input: PostInput) => Promise<Post>
  approveComment: (postId: string, content: string) => Promise<void>
  /** Approves up to 50 comments at once. */
  approveComments: (ids: string[]) => Promise<void>
}

async function adminApi(request: APIRequestContext): Promise<AdminApi> {
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN })
  expect(login.status(), await login.text()).toBe(200)
  return {
    async createCategory(name, slug, color = '#10b981') {
      const res = await request.post('/api/categories', {
        data: { name, slug, color, description: `All about ${name}.` },
      })
      expect(res.status(), await res.text()).toBe(201)
      return (await res.json()) as Category
    },
    async createPost(input) {
      const res = await request.post('/api/posts', { data: input })
      expect(res.status(), await res.text()).toBe(201)
      return (await res.json()) as Post
    },
    async approveComment(postId, content) {
      let comment: AdminComment | undefined
      for (let page = 1, pages = 1; !comment && page <= pages; page++) {
        const list = await request.get(`/api/admin/comments?status=pending&page=${page}`)
        expect(list.status()).toBe(200)
        const body = (await list.json()) as AdminCommentsPage
        pages = body.totalPages
        comment = body.comments.find((c) => c.postId === postId && c.content === content)
      }
      expect(comment, 'the submitted comment is in the moderation list').toBeTruthy()
      const res = await request.put(`/api/admin/comments/${comment!.id}/approve`)
      expect(res.status(), await res.text()).toBe(200)
    },
    async approveComments(ids) {
      const res = await request.post('/api/admin/comments/bulk', { data: { action: 'approve', ids } })
      expect(res.status(), await res.text()).toBe(200)
    },
  }
}

type Fixtures = { admin: AdminApi; pageProblems: string[] }

/**
 * Every reader test fails on an uncaught page error, a console error (hydration warnings included) or a 5xx
 * response. Network lines for 4xx answers are expected (a reader's /api/auth/me is 401; 404 pages are 404).
 */
export const test = base.extend<Fixtures>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = []
      page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`))
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
          problems.push(`console: ${msg.text()}`)
        if (msg.type() === 'warning' && /hydrat/i.test(msg.text())) problems.push(`warning: ${msg.text()}`)
      })
      page.on('response', (res) => {
        if (res.status() >= 500) problems.push(`${res.status()} ${res.url()}`)
      })
      await use(problems)
      expect(problems, 'page errors, console errors or 5xx responses').toEqual([])
    },
    { auto: true },
  ],
  admin: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } })
    await use(await adminApi(request))
    await request.dispose()
  },
})

export { expect }

/** A published post with sensible defaults. */
export function postInput(title: string, extra: Partial<PostInput> = {}): PostInput {
  return {
    title,
    content: `## Introduction\n\nThis is **${title}**, written for the browser tests.\n\n- one\n- two\n\n\`\`\`ts\nconst answer = 42\n\`\`\`\n`,
    status: 'published',
    ...extra,
  }
}
