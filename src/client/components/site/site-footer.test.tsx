import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Category } from '#shared/schemas/category.ts'
import type { SiteSetting } from '#shared/schemas/site.ts'
import type { NavLink } from '#shared/schemas/navigation.ts'
import { categoriesQuery, fediverseQuery, navigationQuery, siteSettingsQuery } from '../../features/site/queries.ts'
import { RouterProvider } from '../../lib/router.tsx'
import { SiteFooter } from './site-footer.tsx'

const category = {
  id: 'c1',
  name: 'Science',
  slug: 'science',
  description: null,
  color: '#10b981',
  postCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
}

function footer(
  categories: Category[],
  settings: SiteSetting[],
  menu: NavLink[] = [],
  account?: string | null,
): string {
  const client = new QueryClient()
  if (account !== undefined) client.setQueryData(fediverseQuery().queryKey, { account })
  client.setQueryData(navigationQuery().queryKey, { header: [], footer: menu })
  client.setQueryData(categoriesQuery().queryKey, categories)
  client.setQueryData(siteSettingsQuery().queryKey, settings)
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <RouterProvider url="/">
        <SiteFooter />
      </RouterProvider>
    </QueryClientProvider>,
  )
}

const headings = (html: string) => [...html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1])

describe('SiteFooter', () => {
  it('hides Categories without categories and Connect without social links', () => {
    const html = footer([], [{ key: 'x_url', value: '' }])
    expect(headings(html)).toEqual(['Navigation'])
    expect(html).not.toContain('aria-label="Categories"')
  })

  it('shows each section once it has a link', () => {
    const html = footer([category], [{ key: 'linkedin_url', value: 'https://linkedin.com/in/me' }])
    expect(headings(html)).toEqual(['Navigation', 'Categories', 'Connect'])
    expect(html).toContain('href="/category/science"')
    expect(html).toContain('href="https://linkedin.com/in/me"')
  })

  it('lists the footer menu as the owner set it: site paths through the router, other URLs as they are', () => {
    const html = footer(
      [],
      [],
      [
        { label: 'Imprint & Co', href: '/imprint' },
        { label: 'Mastodon', href: 'https://social.example/@me' },
      ],
    )
    expect(html).toContain('aria-label="Legal and information"')
    expect(html).toMatch(/<a href="\/imprint"[^>]*>Imprint &amp; Co<\/a>/)
    expect(html).toMatch(/<a href="https:\/\/social.example\/@me" rel="noopener"[^>]*>Mastodon<\/a>/)
    expect(footer([], [])).not.toContain('Legal and information')
  })

  it('shows the fediverse account with a labelled copy button only while federation is on', () => {
    const on = footer([], [], [], '@blog@example.com')
    expect(on).toContain('Follow on the fediverse: <span')
    expect(on).toContain('@blog@example.com</span>')
    expect(on).toContain('<button type="button" aria-label="Copy @blog@example.com"')
    expect(on).toContain('role="status"')
    expect(footer([], [], [], null)).not.toContain('Follow on the fediverse')
  })
})
