import { expect, test } from '@playwright/test'

// Issue 5: every HTML answer carries a CSP without inline or eval'd scripts, and the other protective headers.
const PAGES = [
  '/',
  '/blog',
  '/blog?page=2',
  '/category/nope',
  '/about',
  '/no-such-page',
  '/blog/no-such-post',
  '/admin',
  '/admin/posts/new',
]

for (const url of PAGES) {
  test(`security headers on ${url}`, async ({ request }) => {
    const res = await request.get(url)
    expect(res.headers()['content-type']).toContain('text/html')
    const csp = res.headers()['content-security-policy'] ?? ''
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? ''
    expect(scriptSrc).toContain("'self'")
    expect(scriptSrc).not.toContain('unsafe-inline')
    expect(scriptSrc).not.toContain('unsafe-eval')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(res.headers()['x-content-type-options']).toBe('nosniff')
    expect(res.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers()['cache-control']).toContain('no-cache')
    // No inline script element at all: only external scripts and JSON/LD data blocks.
    const inline = [...(await res.text()).matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1] ?? '')
    expect(inline.every((attrs) => /type="application\/(json|ld\+json)"/.test(attrs))).toBe(true)
  })
}

test('the Permissions-Policy names only features Chromium knows: no console warning on a public page', async ({
  page,
}) => {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (/Permissions-Policy|Unrecognized feature/i.test(message.text())) warnings.push(message.text())
  })
  await page.goto('/')
  await page.goto('/blog')
  expect(warnings).toEqual([])
})
