import { afterEach, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { openDatabase, type DbHandle } from '#server/db/client.ts'
import { loadEnv } from '#server/env.ts'
import { bootstrap } from '#server/features/seed/bootstrap.ts'
import { FOOTER_SLUGS } from '#shared/schemas/site.ts'
import { createTestDatabase } from '#test/support/test-db.ts'
import { ORIGIN } from '#test/support/test-app.ts'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

const ADMIN = { ADMIN_USERNAME: 'boss', ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password' }

/** An app over a fresh database, with `start()` running bootstrap the way main.ts does. */
async function instance(vars: Record<string, string>, database?: Awaited<ReturnType<typeof createTestDatabase>>) {
  const db = database ?? (await createTestDatabase())
  if (!database) cleanups.push(db.dispose)
  const env = loadEnv({ NODE_ENV: 'test', PUBLIC_URL: ORIGIN, DATA_DIR: db.dataDir, LOG_LEVEL: 'silent', ...vars })
  const app = await buildApp({ database: db.handle, env })
  await app.ready()
  cleanups.push(() => app.close())
  const request = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { origin: ORIGIN } })
  return { app, db: db.handle.db, database: db, start: () => bootstrap(app.ctx, app.log), request }
}

const count = async (db: DbHandle['db'], table: 'users' | 'posts' | 'categories' | 'footer_pages' | 'images') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('bootstrap', () => {
  it('SEED_DEMO=0 without ADMIN_*: only the five footer pages, setup still needed; idempotent', async () => {
    const t = await instance({ SEED_DEMO: '0' })
    await t.start()
    await t.start()
    const pages = await t.db
      .selectFrom('footer_pages')
      .select(['slug', 'title', 'content', 'is_active'])
      .orderBy('sort_order')
      .execute()
    expect(pages.map((p) => p.slug)).toEqual([...FOOTER_SLUGS])
    expect(pages.map((p) => p.title)).toEqual([
      'Privacy Policy',
      'Terms & Conditions',
      'About',
      'Contact',
      'Disclaimer',
    ])
    for (const page of pages) {
      expect(page.is_active).toBe(1)
      expect(page.content).toMatch(/^## /m)
      expect(page.content).toMatch(/^- /m)
      expect(page.content).toMatch(/\*\*[^*]+\*\*/)
    }
    expect(await count(t.db, 'users')).toBe(0)
    expect(await count(t.db, 'posts')).toBe(0)
    expect(await count(t.db, 'categories')).toBe(0)
    expect((await t.request('GET', '/api/auth/setup')).json()).toEqual({ needsSetup: true })
    expect((await t.request('GET', '/api/footer-pages/slug/terms-conditions')).json().title).toBe('Terms & Conditions')
  })

  it('never overwrites an edited page and re-creates a missing one', async () => {
    const t = await instance({ SEED_DEMO: '0' })
    await t.start()
    await t.db
      .updateTable('footer_pages')
      .set({ content: 'My own words', title: 'About me' })
      .where('slug', '=', 'about')
      .execute()
    await t.db.deleteFrom('footer_pages').where('slug', '=', 'contact').execute()
    await t.start()
    const about = await t.db
      .selectFrom('footer_pages')
      .selectAll()
      .where('slug', '=', 'about')
      .executeTakeFirstOrThrow()
    expect(about).toMatchObject({ content: 'My own words', title: 'About me' })
    expect(await count(t.db, 'footer_pages')).toBe(5)
  })

  it('creates the admin from ADMIN_* once, and never resets a changed password', async () => {
    const t = await instance({ SEED_DEMO: '0', ...ADMIN })
    await t.start()
    await t.start()
    const users = await t.db.selectFrom('users').select(['username', 'email', 'role']).execute()
    expect(users).toEqual([{ username: 'boss', email: 'boss@example.com', role: 'admin' }])
    const login = await t.request('POST', '/api/auth/login', { username: 'boss', password: 'boss-password' })
    expect(login.statusCode).toBe(200)
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { origin: ORIGIN, cookie },
      payload: { currentPassword: 'boss-password', newPassword: 'a-better-password' },
    })
    expect(changed.statusCode).toBe(200)
    await t.start()
    expect(
      (await t.request('POST', '/api/auth/login', { username: 'boss', password: 'a-better-password' })).statusCode,
    ).toBe(200)
    expect((await t.request('GET', '/api/auth/setup')).json()).toEqual({ needsSetup: false })
  })

  it('loads the demo set once: categories, published posts with pictures, one featured, authored by the admin', async () => {
    const t = await instance({ SEED_DEMO: '1', ...ADMIN })
    await t.start()
    await t.start()
    expect(await count(t.db, 'categories')).toBe(3)
    const posts = await t.db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.author_id')
      .selectAll('posts')
      .select('users.username')
      .execute()
    expect(posts.length).toBeGreaterThanOrEqual(5)
    expect(posts.every((p) => p.status === 'published' && p.published_at && p.username === 'boss')).toBe(true)
    expect(posts.filter((p) => p.featured === 1)).toHaveLength(1)
    expect(posts.find((p) => p.featured === 1)!.featured_at).toEqual(expect.any(String))
    for (const post of posts) {
      expect(post.featured_image).toMatch(/^\/uploads\/[a-f0-9]{64}\.png$/)
      expect(post.content).toContain(`](${post.featured_image})`)
      expect(JSON.parse(post.tags).length).toBeGreaterThan(0)
      expect(post.excerpt.length).toBeGreaterThan(20)
      expect(post.excerpt.length).toBeLessThanOrEqual(203)
      expect(post.reading_time).toBeGreaterThanOrEqual(1)
      const image = await t.request('GET', post.featured_image!)
      expect(image.statusCode).toBe(200)
      expect(image.headers['content-type']).toBe('image/png')
    }
    const all = posts.map((p) => p.content).join('\n')
    expect(all).toMatch(/^## /m)
    expect(all).toMatch(/^- /m)
    expect(all).toMatch(/```ts\n/)
    expect(all).toMatch(/\]\(https:\/\//)
    expect(all).toMatch(/^\| --- \|/m)
    const categories = (await t.request('GET', '/api/categories')).json()
    expect(categories.map((c: { postCount: number }) => c.postCount).reduce((a: number, b: number) => a + b, 0)).toBe(
      posts.length,
    )
    expect(categories.every((c: { color: string }) => /^#[0-9a-f]{6}$/.test(c.color))).toBe(true)

    // Deleting the demo content does not bring it back at the next start.
    await t.db.deleteFrom('posts').execute()
    await t.db.deleteFrom('categories').execute()
    await t.start()
    expect(await count(t.db, 'posts')).toBe(0)
  })

  it('without ADMIN_*: demo posts by a placeholder author that cannot log in and becomes the admin at setup', async () => {
    const t = await instance({ SEED_DEMO: '1' })
    const { setupToken } = await t.start()
    expect(setupToken).toMatch(/^[\w-]{40,}$/)
    expect(await count(t.db, 'posts')).toBeGreaterThan(0)
    const placeholder = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow()
    expect(placeholder.role).toBe('system')
    // The reader site shows them before anyone has set up the admin.
    const list = await t.request('GET', '/api/posts?status=published')
    expect(list.statusCode).toBe(200)
    expect(list.json()).toHaveLength(6)
    expect(list.json()[0].authorName).toBe('Lab of Life')
    expect(JSON.stringify(list.json())).not.toContain(placeholder.email)
    expect((await t.request('GET', '/api/posts/featured')).json()).toHaveLength(1)
    expect((await t.request('GET', '/api/auth/setup')).json()).toEqual({ needsSetup: true })
    for (const username of [placeholder.username, placeholder.email]) {
      expect((await t.request('POST', '/api/auth/login', { username, password: '!' })).statusCode).toBe(401)
    }
    const setup = await t.request('POST', '/api/auth/setup', {
      username: 'owner',
      email: 'owner@example.com',
      password: 'owner-password',
      setupToken,
    })
    expect(setup.statusCode).toBe(201)
    expect(setup.json().user.id).toBe(placeholder.id)
    const users = await t.db.selectFrom('users').select(['id', 'username', 'role']).execute()
    expect(users).toEqual([{ id: placeholder.id, username: 'owner', role: 'admin' }])
    const authors = await t.db.selectFrom('posts').select('author_id').distinct().execute()
    expect(authors).toEqual([{ author_id: placeholder.id }])
  })

  it('without ADMIN_*: every instance prints the same setup token; once an admin exists there is none', async () => {
    const first = await instance({ SEED_DEMO: '0' })
    const other = await instance({ SEED_DEMO: '0' }, first.database)
    const [a, b] = await Promise.all([first.start(), other.start()])
    expect(a.setupToken).toBeTruthy()
    expect(b.setupToken).toBe(a.setupToken)
    expect((await first.start()).setupToken).toBe(a.setupToken)

    const withAdmin = await instance({ SEED_DEMO: '0', ...ADMIN })
    expect((await withAdmin.start()).setupToken).toBeNull()
  })

  it('housekeeping: drops idle and too old sessions and old throttle events, keeps live ones', async () => {
    const t = await instance({ SEED_DEMO: '0', ...ADMIN })
    await t.start()
    const user = await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow()
    const ago = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000).toISOString()
    await t.db
      .insertInto('sessions')
      .values([
        { id: 'idle', user_id: user.id, created_at: ago(31), last_seen_at: ago(31) },
        { id: 'too-old', user_id: user.id, created_at: ago(31), last_seen_at: ago(1) }, // past the absolute lifetime
        { id: 'live', user_id: user.id, created_at: ago(29), last_seen_at: ago(29) },
      ])
      .execute()
    await t.db
      .insertInto('rate_limits')
      .values([
        { bucket: 'old', window_start: ago(2), hits: 5 },
        { bucket: 'new', window_start: ago(0), hits: 5 },
      ])
      .execute()
    await t.start()
    expect((await t.db.selectFrom('sessions').select('id').execute()).map((r) => r.id)).toEqual(['live'])
    expect((await t.db.selectFrom('rate_limits').select('bucket').execute()).map((r) => r.bucket)).toEqual(['new'])
  })

  it('two instances starting together on one database: five pages, one admin, one demo set', async () => {
    const first = await instance({ SEED_DEMO: '1', ...ADMIN })
    // On PostgreSQL a second pool, like a second process. SQLite runs one process per file (a second handle in
    // this same thread would block it synchronously), so there the two apps share the handle.
    const second: DbHandle = first.database.url
      ? openDatabase({ databaseUrl: first.database.url, dataDir: first.database.dataDir })
      : first.database.handle
    if (second !== first.database.handle) cleanups.push(second.close)
    const env = loadEnv({
      NODE_ENV: 'test',
      PUBLIC_URL: ORIGIN,
      DATA_DIR: first.database.dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: '1',
      ...ADMIN,
    })
    const other = await buildApp({ database: second, env })
    cleanups.push(() => other.close())
    await Promise.all([first.start(), bootstrap(other.ctx, other.log), first.start(), bootstrap(other.ctx, other.log)])
    expect(await count(first.db, 'footer_pages')).toBe(5)
    expect(await count(first.db, 'users')).toBe(1)
    expect(await count(first.db, 'categories')).toBe(3)
    expect(await count(first.db, 'posts')).toBe(6)
  }, 90_000) // four bootstraps race on a loaded CI machine; 30 s was close
})
