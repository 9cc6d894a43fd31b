import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { finished } from 'node:stream/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runImport, writeBackup } from '#server/features/transfer/transfer.service.ts'
import { createTestApp, ORIGIN, type TestApp } from '#test/support/test-app.ts'
import { TEST_ENGINE } from '#test/support/test-db.ts'
import { adminCookie, createPost } from './posts.fixtures.ts'

const AP = 'application/activity+json'
const apps: TestApp[] = []
let dir = ''
afterAll(async () => {
  for (const t of apps) await t.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

const fresh = async (withAdmin = false) => {
  const t = await createTestApp({ withAdmin })
  apps.push(t)
  return t
}
const actorKey = async (t: TestApp) =>
  (await t.app.inject({ url: '/fediverse/users/site', headers: { accept: AP } })).json().publicKey.publicKeyPem
const follower = (n: number) => ({
  actor_id: `https://social.example/users/f${n}`,
  inbox: `https://social.example/users/f${n}/inbox`,
  shared_inbox: 'https://social.example/inbox',
  handle: `@f${n}@social.example`,
  name: `Follower ${n}`,
  url: `https://social.example/@f${n}`,
  follow_id: `https://social.example/follows/${n}`,
  created_at: `2026-11-0${n}T10:00:00.000Z`,
})

describe(`backups carry the fediverse actor (${TEST_ENGINE})`, () => {
  let original: TestApp
  let slug = ''
  let plain = ''
  let secret = ''

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'fediverse-backup-'))
    original = await fresh(true)
    const cookie = await adminCookie(original)
    const admin = (method: 'PUT' | 'POST', url: string, payload: object) =>
      original.request({ method, url, cookie, payload })
    expect((await admin('PUT', '/api/admin/fediverse', { enabled: true, handle: 'news' })).statusCode).toBe(200)
    const post = await createPost(original, cookie, { title: 'Told the fediverse', content: 'x', status: 'published' })
    slug = post.slug
    const db = original.app.ctx.db
    await db
      .insertInto('fediverse_followers')
      .values([follower(1), follower(2)])
      .execute()
    const reaction = { post_id: post.id, kind: 'like' as const, activity_id: null, created_at: '2026-11-03T10:00:00Z' }
    await db
      .insertInto('fediverse_reactions')
      .values({ ...reaction, actor_id: follower(1).actor_id })
      .execute()
    expect(
      (await admin('POST', '/api/admin/fediverse/blocks', { actorId: 'https://spam.example/users/x' })).statusCode,
    ).toBe(200)
    await actorKey(original) // the key pairs are made on first use
    const write = async (name: string, withSecrets: boolean) => {
      const file = path.join(dir, name)
      const out = createWriteStream(file)
      const { ctx } = original.app
      await writeBackup({ db: ctx.db, engine: ctx.engine, dataDir: original.dataDir }, out, {
        withSecrets,
        now: new Date(),
      })
      await finished(out)
      return file
    }
    plain = await write('plain.zip', false)
    secret = await write('secret.zip', true)
  })

  it('followers, blocks, the handle and switch, sent articles and reactions come back; the keys do not', async () => {
    const restored = await fresh()
    const report = await runImport(restored.app.ctx.db, {
      file: plain,
      dryRun: false,
      now: new Date(),
      withSecrets: false,
    })
    expect(report.created).toMatchObject({
      fediverseSettings: 1,
      fediverseBlocks: 1,
      fediverseFollowers: 2,
      fediverseArticles: 1,
      fediverseReactions: 1,
      fediverseKeys: 0,
    })
    const host = new URL(ORIGIN).host
    expect((await restored.app.inject({ url: `/.well-known/webfinger?resource=acct:news@${host}` })).statusCode).toBe(
      200,
    )
    const followers = await restored.app.inject({ url: '/fediverse/users/site/followers', headers: { accept: AP } })
    expect(followers.json().totalItems).toBe(2)
    const post = (await restored.app.inject({ url: `/api/posts/slug/${slug}` })).json()
    expect(post.fediverse).toEqual({ likes: 1, boosts: 0 })
    const blocks = await restored.app.ctx.db.selectFrom('fediverse_blocks').select('actor_id').execute()
    expect(blocks.map((b) => b.actor_id)).toEqual(['https://spam.example/users/x'])
    // What followers were told survives: the restored post is an Update to them, not a second Create.
    const article = await restored.app.ctx.db.selectFrom('fediverse_articles').selectAll().executeTakeFirstOrThrow()
    expect(article).toMatchObject({ state: 'created', object_id: `${ORIGIN}/blog/${slug}` })
    // A backup without secrets makes the restored blog a new key pair.
    expect(await actorKey(restored)).not.toBe(await actorKey(original))
  })

  it('the keys come back only with --with-secrets into a blog without an admin', async () => {
    const viaApi = await fresh()
    const refused = await runImport(viaApi.app.ctx.db, {
      file: secret,
      dryRun: false,
      now: new Date(),
      withSecrets: false,
    })
    expect(refused.created.fediverseKeys).toBe(0)
    expect(refused.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'fediverseKeys', reason: expect.stringContaining('--with-secrets') }),
      ]),
    )
    expect(await actorKey(viaApi)).not.toBe(await actorKey(original))

    const withAdmin = await fresh(true)
    const refusedAgain = await runImport(withAdmin.app.ctx.db, {
      file: secret,
      dryRun: false,
      now: new Date(),
      withSecrets: true,
    })
    expect(refusedAgain.created.fediverseKeys).toBe(0)

    const cli = await fresh()
    const report = await runImport(cli.app.ctx.db, { file: secret, dryRun: false, now: new Date(), withSecrets: true })
    expect(report.created.fediverseKeys).toBe(1)
    expect(await actorKey(cli)).toBe(await actorKey(original))
  })

  it('a blog with fediverse settings of its own keeps them (a conflict), and blocked accounts do not come back as followers', async () => {
    const target = await fresh(true)
    const cookie = await adminCookie(target)
    await target.request({
      method: 'PUT',
      url: '/api/admin/fediverse',
      cookie,
      payload: { enabled: false, handle: 'mine' },
    })
    await target.request({
      method: 'POST',
      url: '/api/admin/fediverse/blocks',
      cookie,
      payload: { actorId: follower(2).actor_id },
    })
    const report = await runImport(target.app.ctx.db, {
      file: plain,
      dryRun: false,
      now: new Date(),
      withSecrets: false,
    })
    expect(report.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'fediverseSettings' }),
        expect.objectContaining({ kind: 'fediverseFollowers', item: follower(2).actor_id }),
      ]),
    )
    const settings = (await target.request({ method: 'GET', url: '/api/admin/fediverse', cookie })).json()
    expect(settings).toMatchObject({ enabled: false, handle: 'mine', followerCount: 1 })
  })
})
