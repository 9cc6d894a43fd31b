import { describe, expect, it } from 'vitest'
import { insertPost } from './fixtures.ts'
import { adminAppForAll } from './helpers.ts'

const t = adminAppForAll()

const create = (body: object, c: string | null = t.cookie) =>
  t.request({ method: 'POST', url: '/api/categories', payload: body, cookie: c ?? undefined })
const list = async () =>
  (await t.request({ method: 'GET', url: '/api/categories' })).json() as Array<Record<string, unknown>>

describe('categories', () => {
  it('creates (201), lists publicly in name order with published post counts', async () => {
    const travel = await create({ name: 'travel', slug: 'travel', color: '#10B981' })
    expect(travel.statusCode).toBe(201)
    expect(travel.json()).toMatchObject({
      name: 'travel',
      slug: 'travel',
      description: null,
      color: '#10b981',
      postCount: 0,
    })
    const code = (await create({ name: 'Code', slug: 'code', description: 'Programming', color: '#3b82f6' })).json()
    const ai = (await create({ name: 'AI', slug: 'ai', color: '#8b5cf6' })).json()
    await insertPost(t.app.ctx.db, { title: 'One', categoryId: code.id })
    await insertPost(t.app.ctx.db, { title: 'Two', categoryId: code.id })
    await insertPost(t.app.ctx.db, { title: 'Draft', categoryId: code.id, status: 'draft' })
    await insertPost(t.app.ctx.db, { title: 'Three', categoryId: ai.id })

    const res = await t.request({ method: 'GET', url: '/api/categories' })
    expect(res.statusCode).toBe(200)
    const rows = res.json()
    expect(rows.map((c: { name: string }) => c.name)).toEqual(['AI', 'Code', 'travel'])
    expect(rows.map((c: { postCount: number }) => c.postCount)).toEqual([1, 2, 0])
    expect(Object.keys(rows[0]).sort()).toEqual([
      'color',
      'createdAt',
      'description',
      'id',
      'name',
      'postCount',
      'slug',
    ])
  })

  it('answers 409 for a duplicate name (any case) or slug, on create and update', async () => {
    const base = (await create({ name: 'Books', slug: 'books', color: '#000000' })).json()
    const dupSlug = await create({ name: 'Other', slug: 'books', color: '#000000' })
    expect(dupSlug.statusCode).toBe(409)
    expect(dupSlug.json()).toEqual({ error: 'A category with the slug "books" already exists' })
    const dupName = await create({ name: 'BOOKS', slug: 'books-2', color: '#000000' })
    expect(dupName.statusCode).toBe(409)
    const other = (await create({ name: 'Films', slug: 'films', color: '#000000' })).json()
    const clash = await t.request({
      method: 'PUT',
      url: `/api/categories/${other.id}`,
      cookie: t.cookie,
      payload: { name: 'Films', slug: 'books', color: '#000000' },
    })
    expect(clash.statusCode).toBe(409)
    // Saving a category with its own name and slug is not a clash.
    const same = await t.request({
      method: 'PUT',
      url: `/api/categories/${base.id}`,
      cookie: t.cookie,
      payload: { name: 'Books', slug: 'books', color: '#111111' },
    })
    expect(same.statusCode).toBe(200)
  })

  it('the unique indexes catch what the check misses (409 from the database)', async () => {
    const { createCategory } = await import('#server/features/categories/categories.service.ts')
    const input = { name: 'Race', slug: 'race', color: '#123456' }
    const results = await Promise.allSettled([0, 1, 2].map(() => createCategory(t.app.ctx.db, input, new Date())))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409 })
  })

  it('updates (200) and answers 404 for an unknown id', async () => {
    const c = (await create({ name: 'Music', slug: 'music', color: '#000000' })).json()
    const res = await t.request({
      method: 'PUT',
      url: `/api/categories/${c.id}`,
      cookie: t.cookie,
      payload: { name: 'Sound', slug: 'sound', description: 'All of it', color: '#ABCDEF' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id: c.id,
      name: 'Sound',
      slug: 'sound',
      description: 'All of it',
      color: '#abcdef',
    })
    const missing = await t.request({
      method: 'PUT',
      url: `/api/categories/${crypto.randomUUID()}`,
      cookie: t.cookie,
      payload: { name: 'X', slug: 'x', color: '#000000' },
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ error: 'Category not found' })
  })

  it('validates name, slug and a #rrggbb colour (400)', async () => {
    for (const body of [
      { name: '', slug: 'a', color: '#000000' },
      { name: 'A', slug: '', color: '#000000' },
      { name: 'A', slug: 'not a slug!', color: '#000000' },
      { name: 'A', slug: 'a', color: 'red' },
      { name: 'A', slug: 'a', color: '#fff' },
      { name: 'A', slug: 'a', color: '#00000g' },
      { name: 'A', slug: 'a' },
    ]) {
      const res = await create(body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().error).toEqual(expect.any(String))
    }
  })

  it('deletes (204): its posts stay, uncategorised', async () => {
    const c = (await create({ name: 'Gone', slug: 'gone', color: '#000000' })).json()
    const postId = await insertPost(t.app.ctx.db, { title: 'Survivor', categoryId: c.id })
    const res = await t.request({ method: 'DELETE', url: `/api/categories/${c.id}`, cookie: t.cookie })
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    const post = await t.app.ctx.db
      .selectFrom('posts')
      .select(['id', 'category_id'])
      .where('id', '=', postId)
      .executeTakeFirst()
    expect(post).toEqual({ id: postId, category_id: null })
    expect((await list()).some((x) => x.id === c.id)).toBe(false)
    expect((await t.request({ method: 'DELETE', url: `/api/categories/${c.id}`, cookie: t.cookie })).statusCode).toBe(
      404,
    )
  })

  it('changes need a session (401)', async () => {
    const c = (await create({ name: 'Locked', slug: 'locked', color: '#000000' })).json()
    expect((await create({ name: 'Anon', slug: 'anon', color: '#000000' }, null)).statusCode).toBe(401)
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/categories/${c.id}`,
          payload: { name: 'X', slug: 'x', color: '#000000' },
        })
      ).statusCode,
    ).toBe(401)
    expect((await t.request({ method: 'DELETE', url: `/api/categories/${c.id}` })).statusCode).toBe(401)
    expect((await list()).some((x) => x.name === 'Anon')).toBe(false)
  })
})
