import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'

/** Every admin call of the spec (§7 Admin, plus auth): each must be registered with config.auth = 'admin'. */
const REQUIRED_ADMIN_ROUTES = [
  'GET /api/auth/me',
  'POST /api/auth/change-password',
  'POST /api/posts',
  'PUT /api/posts/:param',
  'DELETE /api/posts/:param',
  'GET /api/stats',
  'POST /api/categories',
  'PUT /api/categories/:param',
  'DELETE /api/categories/:param',
  'GET /api/footer-pages',
  'GET /api/footer-pages/:param',
  'POST /api/footer-pages',
  'PUT /api/footer-pages/:param',
  'PUT /api/site-settings',
  'POST /api/upload-image',
  'GET /api/admin/media',
  'PATCH /api/admin/media/:param',
  'DELETE /api/admin/media/:param',
  'GET /api/admin/comments',
  'PUT /api/admin/comments/:param/approve',
  'DELETE /api/admin/comments/:param',
  'GET /api/redirects',
  'POST /api/redirects',
  'DELETE /api/redirects/:param',
  'GET /api/not-found-log',
  'POST /api/link-check',
  'DELETE /api/not-found-log',
  'GET /api/autosaves/:param',
  'PUT /api/autosaves/:param',
  'DELETE /api/autosaves/:param',
  'GET /api/posts/:param/revisions',
  'GET /api/posts/:param/revisions/:param',
  'POST /api/posts/:param/revisions/:param/restore',
  'GET /api/posts/:param/preview-link',
  'POST /api/posts/:param/preview-link',
  'DELETE /api/posts/:param/preview-link',
  'GET /api/auth/sessions',
  'DELETE /api/auth/sessions/:param',
  'POST /api/auth/sessions/sign-out-others',
  'GET /api/auth/two-factor',
  'POST /api/auth/two-factor/setup',
  'POST /api/auth/two-factor/enable',
  'POST /api/auth/two-factor/disable',
  'POST /api/auth/two-factor/recovery-codes',
]

/** The only state-changing API calls open to anonymous visitors. */
const PUBLIC_WRITES = [
  'POST /api/auth/login',
  'POST /api/auth/login/verify',
  'POST /api/auth/logout',
  'POST /api/auth/setup',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/posts/:param/like',
  'POST /api/posts/:param/view',
  'POST /api/posts/:param/comments',
  'POST /api/subscribers',
]

const normalise = (url: string) => url.replace(/:[^/]+/g, ':param').replace(/\/+$/, '')
const key = (r: { method: string; url: string }) => `${r.method} ${normalise(r.url)}`

/** A body that would pass most validators, so a 401 cannot be a 400 in disguise. */
const PLAUSIBLE_BODY = {
  title: 'Title',
  content: 'Content',
  status: 'draft',
  name: 'Name',
  slug: 'a-slug',
  color: '#3b82f6',
  settings: [{ key: 'x_url', value: 'https://x.com/a' }],
  currentPassword: 'current-password',
  newPassword: 'new-password-123',
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('route table', () => {
  it('marks every admin call of the spec as admin-only', () => {
    const admin = new Set(t.app.routeTable.filter((r) => r.auth === 'admin').map(key))
    const missing = REQUIRED_ADMIN_ROUTES.filter((r) => !admin.has(r))
    expect(missing, `registered: ${[...admin].sort().join(', ')}`).toEqual([])
  })

  it('has no state-changing /api/ route open to anonymous callers except the listed public ones', () => {
    const open = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && r.auth !== 'admin')
      .map(key)
      .filter((k) => !PUBLIC_WRITES.includes(k))
    expect(open).toEqual([])
  })

  it('every admin route answers 401 JSON without a session (and with a forged one)', async () => {
    const admin = t.app.routeTable.filter((r) => r.auth === 'admin')
    expect(admin.length).toBeGreaterThanOrEqual(REQUIRED_ADMIN_ROUTES.length)
    for (const route of admin) {
      const url = route.url.replace(/:[^/]+/g, () => crypto.randomUUID())
      const withBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH'
      for (const cookie of [undefined, 'sid=forged-session-token']) {
        const res = await t.request({
          method: route.method as 'GET',
          url,
          cookie,
          ...(withBody ? { payload: PLAUSIBLE_BODY } : {}),
        })
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401)
        expect(res.headers['content-type'], `${route.method} ${route.url}`).toMatch(/application\/json/)
        expect(res.json(), `${route.method} ${route.url}`).toEqual({ error: expect.any(String) })
      }
    }
  })

  it('with a session, no admin route answers 401', async () => {
    const cookie = await t.login()
    for (const route of t.app.routeTable.filter((r) => r.auth === 'admin')) {
      const url = route.url.replace(/:[^/]+/g, () => crypto.randomUUID())
      const withBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH'
      const res = await t.request({
        method: route.method as 'GET',
        url,
        cookie,
        ...(withBody ? { payload: PLAUSIBLE_BODY } : {}),
      })
      expect(res.statusCode, `${route.method} ${route.url}`).not.toBe(401)
    }
  })
})
