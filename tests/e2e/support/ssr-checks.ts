import { expect, type APIResponse } from '@playwright/test'

/** The head tags contract §4 wants on every public page, with absolute URLs. */
export function expectHead(html: string, baseURL: string, canonicalPath: string) {
  expect(html).toMatch(/<title>[^<]+<\/title>/)
  expect(html).toMatch(/<meta name="description" content="[^"]+">/)
  expect(html).toContain(`<link rel="canonical" href="${baseURL}${canonicalPath}">`)
  for (const property of ['og:title', 'og:description', 'og:type', 'og:site_name']) {
    expect(html).toMatch(new RegExp(`<meta property="${property}" content="[^"]+">`))
  }
  expect(html).toContain(`<meta property="og:url" content="${baseURL}${canonicalPath}">`)
  expect(html).toMatch(new RegExp(`<meta property="og:image" content="${baseURL.replace(/\./g, '\\.')}/[^"]+">`))
  expect(html).toMatch(/<meta name="twitter:card" content="summary(_large_image)?">/)
  expect(html).toContain(
    `<link rel="alternate" type="application/rss+xml" title="Lab of Life" href="${baseURL}/rss.xml">`,
  )
}

export function expectHtml(res: APIResponse, status: number) {
  expect(res.status()).toBe(status)
  expect(res.headers()['content-type']).toContain('text/html')
  expect(res.headers()['cache-control']).toBe('no-cache')
  expect(res.headers()['content-security-policy']).toContain("script-src 'self'")
}

/** Inline scripts are refused by the CSP: only module scripts with src, JSON-LD and the JSON state block. */
export function expectNoInlineScripts(html: string) {
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    expect(tag).toMatch(/src="|type="application\/(ld\+)?json"/)
  }
  expect(html).not.toMatch(/\son[a-z]+="/)
}
