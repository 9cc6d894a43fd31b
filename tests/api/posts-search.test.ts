import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { insertPostsWithState } from '#server/features/posts/posts.service.ts'
import { PostCardSchema } from '#shared/schemas/post.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { adminCookie, createPost, insertCategory, MINUTE } from './posts.fixtures.ts'

const Cards = z.array(PostCardSchema)

describe('full-text search', () => {
  let t: TestApp
  let cookie: string
  const clock = manualClock()

  beforeAll(async () => {
    t = await createTestApp({ clock })
    cookie = await adminCookie(t)
    const code = await insertCategory(t, 'Code', 'code')
    const make = async (body: Parameters<typeof createPost>[2]) => {
      clock.tick(MINUTE)
      return createPost(t, cookie, body)
    }
    await make({
      title: 'Notes on servers',
      content: 'We could build this blog with React and fastify, said someone once.',
      status: 'published',
    })
    await make({
      title: 'Building This Blog with Fastify and React',
      content: 'The stack, [linked](https://example.com/reactive) here.',
      status: 'published',
      categoryId: code,
    })
    await make({
      title: 'Habits',
      content: 'Morning runs. **Typescript** everywhere. Unicode: café crème',
      status: 'published',
      tags: ['Productivity'],
    })
    await make({ title: 'Secret fastify draft', content: 'React hidden', status: 'draft' })
    await make({ title: 'Older twin', content: 'identical words here', status: 'published' })
    await make({ title: 'Newer twin', content: 'identical words here', status: 'published' })
  })
  afterAll(() => t.close())

  const search = async (q: string, extra = '', asAdmin = false) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/posts?search=${encodeURIComponent(q)}${extra}`,
      cookie: asAdmin ? cookie : undefined,
    })
    expect(res.statusCode, res.body).toBe(200)
    return { cards: Cards.parse(res.json()), total: Number(res.headers['x-total-count']) }
  }
  const titles = async (q: string, extra = '', asAdmin = false) =>
    (await search(q, extra, asAdmin)).cards.map((c) => c.title)

  it('needs every word, in any order, and ranks title matches above body matches', async () => {
    expect(await titles('react fastify')).toEqual(['Building This Blog with Fastify and React', 'Notes on servers'])
    expect(await titles('fastify react')).toEqual(['Building This Blog with Fastify and React', 'Notes on servers'])
    expect(await titles('react runs')).toEqual([])
  })

  it('matches the last word as a prefix while typing, and only the last', async () => {
    expect(await titles('buildi')).toEqual(['Building This Blog with Fastify and React'])
    expect(await titles('buil')).toEqual(['Building This Blog with Fastify and React', 'Notes on servers'])
    expect(await titles('fast blog')).toEqual([])
    expect(await titles('blog fast')).toEqual(['Building This Blog with Fastify and React', 'Notes on servers'])
  })

  it('breaks ties by date, newest first', async () => {
    expect(await titles('identical')).toEqual(['Newer twin', 'Older twin'])
  })

  it('orders by publication date, not by the order posts were written (imports arrive in any order)', async () => {
    const author = (await t.app.ctx.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id
    const row = (title: string, at: string) => ({
      id: crypto.randomUUID(),
      title,
      slug: title.toLowerCase().replace(/ /g, '-'),
      content: 'an imported zebrafinch story',
      excerpt: title,
      category_id: null,
      author_id: author,
      status: 'published',
      tags: '[]',
      reading_time: 1,
      views: 0,
      published_at: at,
      featured: 0,
      featured_at: null,
      created_at: at,
      updated_at: at,
    })
    // Written in no particular order, as an export listing might give them; two within one second.
    await insertPostsWithState(t.app.ctx.db, [
      row('Import C', '2025-03-01T00:00:00.100Z'),
      row('Import A', '2024-01-01T00:00:00.000Z'),
      row('Import D', '2025-03-01T00:00:00.900Z'),
      row('Import B', '2024-06-01T00:00:00.000Z'),
    ])
    expect(await titles('zebrafinch')).toEqual(['Import D', 'Import C', 'Import B', 'Import A'])
    expect(await titles('zebrafinch', '&sort=oldest')).toEqual(['Import A', 'Import B', 'Import C', 'Import D'])
  })

  it('searches tags and body text without markdown or link targets', async () => {
    expect(await titles('productivity')).toEqual(['Habits'])
    expect(await titles('typescript')).toEqual(['Habits'])
    expect(await titles('reactive')).toEqual([]) // only in a link's URL
    expect(await titles('https')).toEqual([])
  })

  it('folds case and accents', async () => {
    expect(await titles('CAFE')).toEqual(['Habits'])
  })

  it('carries a snippet with the matched words marked', async () => {
    const [card] = (await search('morning')).cards
    expect(card!.snippet).toBeDefined()
    expect(card!.snippet!.filter((p) => p.mark).map((p) => p.text.toLowerCase())).toEqual(['morning'])
    expect(card!.snippet!.map((p) => p.text).join('')).toContain('runs')
    expect((await t.request({ method: 'GET', url: '/api/posts' })).json()[0].snippet).toBeUndefined()
  })

  it('never repeats the title as the snippet: a post found by its title alone shows its excerpt', async () => {
    const { cards } = await search('habits')
    expect(cards.map((c) => c.title)).toEqual(['Habits'])
    expect(cards[0]!.snippet).toBeUndefined()
    expect(cards[0]!.excerpt).toContain('Morning runs.')
  })

  it('never matches a post by its status', async () => {
    expect(await titles('published')).toEqual([])
    expect(await titles('publ')).toEqual([])
    expect(await titles('scheduled', '', true)).toEqual([])
  })

  it('never finds drafts for anonymous readers; the admin finds them', async () => {
    expect(await titles('secret')).toEqual([])
    expect(await titles('secret', '', true)).toEqual(['Secret fastify draft'])
    expect(await titles('secret', '&status=published', true)).toEqual([])
  })

  it('keeps the other parameters: category, paging with the total, sort', async () => {
    expect(await titles('react', '&category=code')).toEqual(['Building This Blog with Fastify and React'])
    const page2 = await search('react', '&limit=1&page=2')
    expect(page2.total).toBe(2)
    expect(page2.cards.map((c) => c.title)).toEqual(['Notes on servers'])
    expect(await titles('react', '&sort=oldest')).toEqual([
      'Notes on servers',
      'Building This Blog with Fastify and React',
    ])
  })

  it('pages across the title matches and the rest without a gap or a repeat, with the same total on every page', async () => {
    for (const [i, inTitle] of [true, false, true, false, false, true, false].entries()) {
      clock.tick(MINUTE)
      const title = inTitle ? `Quokka notes ${i}` : `Notes ${i}`
      await createPost(t, cookie, {
        title,
        content: inTitle ? 'Plain text.' : 'A quokka appears.',
        status: 'published',
      })
    }
    await createPost(t, cookie, { title: 'Quokka draft', content: 'quokka', status: 'draft' })
    const all = await search('quokka', '&limit=100')
    expect(all.total).toBe(7)
    expect(all.cards.map((c) => c.title)).toEqual([
      'Quokka notes 5',
      'Quokka notes 2',
      'Quokka notes 0',
      'Notes 6',
      'Notes 4',
      'Notes 3',
      'Notes 1',
    ])
    for (const limit of [1, 2, 3, 4, 7]) {
      const titles: string[] = []
      for (let page = 1; page <= Math.ceil(7 / limit); page++) {
        const res = await search('quokka', `&limit=${limit}&page=${page}`)
        expect(res.total, `limit ${limit} page ${page}`).toBe(7)
        titles.push(...res.cards.map((c) => c.title))
      }
      expect(titles, `limit ${limit}`).toEqual(all.cards.map((c) => c.title))
    }
    expect(await search('quokka', '&limit=2&page=9')).toEqual({ cards: [], total: 7 })
    expect(await search('quokka', '&limit=9&sort=oldest')).toMatchObject({ total: 7 })
    expect((await search('quokka', '&limit=2&sort=popular')).total).toBe(7)
    expect((await search('quokka', '&limit=100', true)).total).toBe(8)
  })

  it('keeps the title ranking in step with edits, status changes and deletes', async () => {
    clock.tick(MINUTE)
    const titled = await createPost(t, cookie, { title: 'Wombat facts', content: 'Plain text.', status: 'published' })
    clock.tick(MINUTE)
    await createPost(t, cookie, { title: 'Later notes', content: 'A wombat appears.', status: 'published' })
    expect(await titles('wombat')).toEqual(['Wombat facts', 'Later notes'])
    const update = async (body: Record<string, unknown>) => {
      const res = await t.request({ method: 'PUT', url: `/api/posts/${titled.id}`, cookie, payload: body })
      expect(res.statusCode, res.body).toBe(200)
    }
    await update({ title: 'Marsupial facts', content: 'About the wombat.' })
    expect(await titles('wombat')).toEqual(['Later notes', 'Marsupial facts'])
    expect(await titles('marsup')).toEqual(['Marsupial facts'])
    await update({ title: 'Wombat facts again' })
    expect(await titles('wombat')).toEqual(['Wombat facts again', 'Later notes'])
    await update({ status: 'draft' })
    expect(await titles('wombat')).toEqual(['Later notes'])
    expect(await titles('wombat', '', true)).toEqual(['Wombat facts again', 'Later notes'])
    expect(await titles('wombat', '&status=draft', true)).toEqual(['Wombat facts again'])
    expect((await t.request({ method: 'DELETE', url: `/api/posts/${titled.id}`, cookie })).statusCode).toBe(204)
    expect(await search('wombat', '', true)).toMatchObject({ total: 1 })
    expect(await titles('wombat', '', true)).toEqual(['Later notes'])
  })

  it('answers 200 with a sensible result for very long or odd searches', async () => {
    const long = `fastify ${'x'.repeat(490)}`
    expect((await search(long)).cards).toEqual([])
    expect((await search('fastify '.repeat(60))).cards.length).toBe(2)
    for (const q of [
      '"',
      '""',
      "'",
      '*',
      'react*',
      'NOT react',
      'react OR habits',
      'react AND',
      '(react)',
      'title:react',
      '-react',
      'NEAR(react fastify)',
      '^react',
      '\\',
    ]) {
      const res = await t.request({ method: 'GET', url: `/api/posts?search=${encodeURIComponent(q)}` })
      expect(res.statusCode, q).toBe(200)
    }
    // Words as SQLite's tokenizer splits them: symbols, private-use and unassigned code points, lone marks, scripts.
    for (const q of [
      'q\u0303x',
      '\u0303',
      '\uE000',
      '😀',
      'a\uE000b',
      '日本語',
      'हिन्दी',
      'x\u00B2',
      '\u0378',
      'café\u0301',
    ]) {
      const res = await t.request({ method: 'GET', url: `/api/posts?search=${encodeURIComponent(q)}` })
      expect(res.statusCode, q).toBe(200)
    }
    // Operators are words like any other: "react OR habits" needs a post holding "or" too.
    expect(await titles('react OR habits')).toEqual([])
    expect(await titles('react*')).toEqual(['Building This Blog with Fastify and React', 'Notes on servers'])
  })
})
