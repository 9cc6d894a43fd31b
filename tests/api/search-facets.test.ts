import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { categoryFacet, tagFacet } from '#server/features/search/search-facets.ts'
import { PostCardSchema } from '#shared/schemas/post.ts'
import { tagKey } from '#shared/text/tags.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { adminCookie, createPost, insertCategory, MINUTE } from './posts.fixtures.ts'

const Cards = z.array(PostCardSchema)

describe('search narrowed by a category or a tag (facets of the search rows)', () => {
  let t: TestApp
  let cookie: string
  let code: string
  let life: string
  const ids: Record<string, string> = {}
  const clock = manualClock()

  beforeAll(async () => {
    t = await createTestApp({ clock })
    cookie = await adminCookie(t)
    code = await insertCategory(t, 'Code', 'code')
    life = await insertCategory(t, 'Life', 'life')
    const make = async (title: string, body: Omit<Parameters<typeof createPost>[2], 'title'>) => {
      clock.tick(MINUTE)
      ids[title] = (await createPost(t, cookie, { title, ...body })).id
    }
    await make('Kestrel in code', {
      content: 'Hovering.',
      status: 'published',
      categoryId: code,
      tags: ['Birds', 'Café Crème'],
    })
    await make('Kestrel at home', { content: 'Hovering.', status: 'published', categoryId: life, tags: ['Birds'] })
    await make('Kestrel draft', { content: 'Hovering.', status: 'draft', categoryId: code, tags: ['Birds'] })
    await make('Other', { content: 'A kestrel, once.', status: 'published', categoryId: code })
  })
  afterAll(() => t.close())

  const search = async (query: string) => {
    const res = await t.request({ method: 'GET', url: `/api/posts?${query}` })
    expect(res.statusCode, res.body).toBe(200)
    return {
      titles: Cards.parse(res.json())
        .map((c) => c.title)
        .sort(),
      total: Number(res.headers['x-total-count']),
    }
  }

  it("finds the category's or the tag's published matches alone, with their total, in every order", async () => {
    for (const sort of ['latest', 'oldest', 'popular']) {
      expect(await search(`search=kestrel&category=code&sort=${sort}`)).toEqual({
        titles: ['Kestrel in code', 'Other'],
        total: 2,
      })
      expect(await search(`search=kes&categoryId=${life}&sort=${sort}`)).toEqual({
        titles: ['Kestrel at home'],
        total: 1,
      })
      expect(await search(`search=hover&tag=birds&sort=${sort}`)).toEqual({
        titles: ['Kestrel at home', 'Kestrel in code'],
        total: 2,
      })
      expect(await search(`search=kestrel&tag=${encodeURIComponent('café crème')}&category=code&sort=${sort}`)).toEqual(
        { titles: ['Kestrel in code'], total: 1 },
      )
      expect(await search(`search=kestrel&tag=nothing&sort=${sort}`)).toEqual({ titles: [], total: 0 })
    }
  })

  it("never matches a reader's words against a facet", async () => {
    for (const facet of [categoryFacet(code), tagFacet(tagKey('Birds')), tagFacet(tagKey('Café Crème'))]) {
      for (const q of [facet, facet.slice(0, 4), `#${facet}`, `kestrel ${facet.slice(0, 3)}`]) {
        expect(await search(`search=${encodeURIComponent(q)}`), q).toEqual({ titles: [], total: 0 })
      }
    }
  })

  it('follows a post into another category, and forgets a deleted category', async () => {
    const put = await t.request({
      method: 'PUT',
      url: `/api/posts/${ids['Kestrel in code']}`,
      cookie,
      payload: {
        title: 'Kestrel in code',
        content: 'Hovering.',
        status: 'published',
        categoryId: life,
        tags: ['Birds'],
      },
    })
    expect(put.statusCode, put.body).toBe(200)
    expect(await search(`search=kestrel&category=life`)).toEqual({
      titles: ['Kestrel at home', 'Kestrel in code'],
      total: 2,
    })
    expect(await search(`search=kestrel&category=code`)).toEqual({ titles: ['Other'], total: 1 })
    expect(await search(`search=kestrel&tag=${encodeURIComponent('café crème')}`)).toEqual({ titles: [], total: 0 })

    expect((await t.request({ method: 'DELETE', url: `/api/categories/${life}`, cookie })).statusCode).toBe(204)
    expect(await search(`search=kestrel&categoryId=${life}`)).toEqual({ titles: [], total: 0 })
    expect(await search('search=kestrel')).toEqual({
      titles: ['Kestrel at home', 'Kestrel in code', 'Other'],
      total: 3,
    })
  })
})
