import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { adminAppForAll, multipart } from './helpers.ts'

const t = adminAppForAll()

const uploadPhoto = async (width: number, height: number, background: string) => {
  const bytes = await sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer()
  const res = await t.request({
    method: 'POST',
    url: '/api/upload-image',
    cookie: t.cookie,
    ...multipart('image', 'p.jpg', 'image/jpeg', bytes),
  })
  return res.json().url as string
}

describe('uploads in a post page', () => {
  it('renders content uploads as pictures of known size, lazy, on their dominant colour; the featured one is not repeated', async () => {
    const hero = await uploadPhoto(2000, 1000, '#102030')
    const inline = await uploadPhoto(1000, 750, '#c04020')
    const content = `![Hero](${hero})\n\nSome text.\n\n![A red field](${inline})\n\n![external](https://cdn.example.com/x.jpg)`
    const created = await t.request({
      method: 'POST',
      url: '/api/posts',
      cookie: t.cookie,
      payload: { title: 'Pictures', content, status: 'published' },
    })
    expect(created.json().featuredImage).toBe(hero)

    const html: string = (await t.request({ method: 'GET', url: `/api/posts/slug/${created.json().slug}` })).json()
      .contentHtml
    const hash = inline.slice(9, 73)
    expect(html).not.toContain(hero.slice(9, 73))
    expect(html).toContain(
      `<picture><source type="image/avif" srcset="/uploads/${hash}-480.avif 480w, /uploads/${hash}-960.avif 960w, /uploads/${hash}-1600.avif 1000w"`,
    )
    expect(html).toMatch(
      /alt="A red field" width="1000" height="750" loading="lazy" decoding="async" style="background-color:#[0-9a-f]{6}" ?\/?><\/picture>/,
    )
    expect(html).toMatch(
      /<img src="https:\/\/cdn.example.com\/x.jpg" alt="external" loading="lazy" decoding="async" ?\/?>/,
    )
    expect(html).not.toContain('fetchpriority')
    // Every URL in the markup answers, at the width it names or the largest the picture has.
    for (const url of new Set(html.match(/\/uploads\/[a-f0-9]{64}-\d+\.\w+/g))) {
      expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(200)
    }
  })
})
