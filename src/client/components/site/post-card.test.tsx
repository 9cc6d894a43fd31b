import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { PostCard as Card } from '#shared/schemas/post.ts'
import { DEFAULT_SITE_IDENTITY } from '#shared/site/identity.ts'
import { siteIdentityQuery } from '../../features/site/queries.ts'
import { RouterProvider } from '../../lib/router.tsx'
import { PostCard } from './post-card.tsx'

const post = (views: number): Card => ({
  id: 'p1',
  title: 'A post',
  slug: 'a-post',
  excerpt: 'About it.',
  featuredImage: null,
  categoryId: null,
  category: null,
  authorId: 'u1',
  authorName: 'admin',
  author: { username: 'admin' },
  status: 'published',
  tags: [],
  metaTitle: null,
  metaDescription: null,
  readingTime: 3,
  views,
  likeCount: 0,
  commentCount: 0,
  publishedAt: '2026-01-02T00:00:00.000Z',
  featured: false,
  featuredAt: null,
  createdAt: '2026-01-02T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
})

/** A card as the server renders it, on a site in `timeZone`. */
function markup(card: ReactElement, timeZone = 'UTC'): string {
  const client = new QueryClient()
  client.setQueryData(siteIdentityQuery().queryKey, { ...DEFAULT_SITE_IDENTITY, timeZone })
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <RouterProvider url="/">{card}</RouterProvider>
    </QueryClientProvider>,
  )
}

const text = (views: number) => markup(<PostCard post={post(views)} />).replace(/<[^>]+>/g, ' ')

describe('PostCard', () => {
  it('counts views with a noun that agrees', () => {
    expect(text(1)).toContain(' 1 view ')
    expect(text(0)).toContain(' 0 views ')
    expect(text(7)).toContain(' 7 views ')
    expect(text(2500)).toContain(' 2.5K views ')
  })

  it('shows an upload as a picture of AVIF and WebP variants sized for a card, and nothing else as one', () => {
    const hash = 'd'.repeat(64)
    const html = markup(<PostCard post={{ ...post(1), featuredImage: `/uploads/${hash}.jpg` }} priority />)
    expect(html).toContain(`<picture><source type="image/avif" srcSet="/uploads/${hash}-480.avif 480w`)
    expect(html).toContain('sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, calc(100vw - 2rem)"')
    expect(html).toContain(`src="/uploads/${hash}-960.jpg"`)
    expect(html).toMatch(/loading="eager" fetchPriority="high"/)
    const external = markup(<PostCard post={{ ...post(1), featuredImage: 'https://cdn.example.com/a.jpg' }} />)
    expect(external).not.toContain('<picture>')
    expect(external).toMatch(/src="https:\/\/cdn.example.com\/a.jpg"[^>]*loading="lazy"/)
  })

  it("dates the post in the site's time zone", () => {
    const late = { ...post(1), publishedAt: '2026-01-02T23:30:00.000Z' }
    expect(markup(<PostCard post={late} />)).toContain('January 2, 2026')
    expect(markup(<PostCard post={late} />, 'Asia/Tokyo')).toContain('January 3, 2026')
  })
})
