import { createWriteStream } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { finished } from 'node:stream/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { receiveRemoteComment, updateRemoteComment } from '#server/features/engagement/comments.service.ts'
import { FORMAT_NAME, FORMAT_VERSION } from '#server/features/transfer/backup-format.ts'
import { runImport, writeBackup } from '#server/features/transfer/transfer.service.ts'
import { createTestApp, ORIGIN, type TestApp } from '#test/support/test-app.ts'
import { TEST_ENGINE } from '#test/support/test-db.ts'
import { zipOf } from '#test/support/zip.ts'
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
    // A reply from the fediverse (as the inbox stores it) next to a comment made on the site.
    const reply = {
      postId: post.id,
      remoteId: 'https://social.example/notes/1',
      actorId: follower(1).actor_id,
      authorName: 'Follower 1',
      authorUrl: 'https://social.example/@f1',
      content: 'Nice post',
    }
    expect(await receiveRemoteComment(db, reply, new Date())).toBe(true)
    const local = await original.request({
      method: 'POST',
      url: `/api/posts/${post.id}/comments`,
      payload: { authorName: 'Local reader', content: 'Hello from here' },
    })
    expect(local.statusCode).toBeLessThan(300)
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

  it('a fediverse reply comes back as one: its source, author link and note id (an Update of the note finds it)', async () => {
    const restored = await fresh()
    const report = await runImport(restored.app.ctx.db, {
      file: plain,
      dryRun: false,
      now: new Date(),
      withSecrets: false,
    })
    expect(report.created.comments).toBe(2)
    const comments = await restored.app.ctx.db
      .selectFrom('comments')
      .select(['author_name', 'source', 'author_url', 'remote_id'])
      .orderBy('author_name')
      .execute()
    expect(comments).toEqual([
      {
        author_name: 'Follower 1',
        source: 'fediverse',
        author_url: 'https://social.example/@f1',
        remote_id: 'https://social.example/notes/1',
      },
      { author_name: 'Local reader', source: null, author_url: null, remote_id: null },
    ])
    await updateRemoteComment(restored.app.ctx.db, 'https://social.example/notes/1', 'Edited there', new Date())
    const edited = await restored.app.ctx.db
      .selectFrom('comments')
      .select('content')
      .where('remote_id', '=', 'https://social.example/notes/1')
      .executeTakeFirstOrThrow()
    expect(edited.content).toBe('Edited there')
    // Restored again on top of itself: the reply is there already, so it is not written twice.
    const again = await runImport(restored.app.ctx.db, {
      file: plain,
      dryRun: false,
      now: new Date(),
      withSecrets: false,
    })
    expect(again.created.comments ?? 0).toBe(0)
  })

  it('takes only http(s) addresses for a reply, and still reads comments of older backups without them', async () => {
    const NOW = '2026-11-05T10:00:00.000Z'
    const postId = crypto.randomUUID()
    const comment = (id: string, fields: Record<string, unknown>) => ({
      id,
      postId,
      authorName: id,
      authorEmail: null,
      content: 'words',
      approved: true,
      ip: null,
      createdAt: NOW,
      updatedAt: NOW,
      ...fields,
    })
    const records = {
      posts: [
        {
          id: postId,
          title: 'Replies here',
          slug: 'replies-here',
          content: 'x',
          excerpt: 'x',
          featuredImage: null,
          categoryId: null,
          authorId: 'nobody',
          authorName: null,
          status: 'published',
          tags: [],
          metaTitle: null,
          metaDescription: null,
          readingTime: 1,
          views: 0,
          publishedAt: NOW,
          featured: false,
          featuredAt: null,
          createdAt: NOW,
          updatedAt: NOW,
        },
      ],
      comments: [
        comment('older-backup', {}),
        comment('good-reply', {
          source: 'fediverse',
          authorUrl: 'https://social.example/@a',
          remoteId: 'https://social.example/notes/a',
        }),
        comment('script-author', {
          source: 'fediverse',
          authorUrl: 'javascript:alert(1)',
          remoteId: 'https://social.example/notes/b',
        }),
        comment('script-note', { source: 'fediverse', authorUrl: 'https://social.example/@c', remoteId: 'data:,x' }),
        comment('same-note', { source: 'fediverse', authorUrl: null, remoteId: 'https://social.example/notes/a' }),
        comment('not-a-source', {
          source: 'elsewhere',
          authorUrl: 'https://x.example',
          remoteId: 'https://x.example/n',
        }),
      ],
    }
    const backupOf = async (name: string, rows: typeof records) => {
      const counts = Object.fromEntries(Object.entries(rows).map(([kind, list]) => [kind, list.length]))
      const files: Record<string, string> = {
        'manifest.json': JSON.stringify({
          format: FORMAT_NAME,
          version: FORMAT_VERSION,
          createdAt: NOW,
          app: 'lab-blog',
          engine: 'sqlite',
          withSecrets: false,
          counts,
        }),
      }
      for (const [kind, list] of Object.entries(rows))
        files[`data/${kind}.jsonl`] = list.map((r) => JSON.stringify(r)).join('\n')
      const file = path.join(dir, name)
      await writeFile(file, await zipOf(files))
      return file
    }
    const file = await backupOf('replies.zip', records)
    const target = await fresh()
    const report = await runImport(target.app.ctx.db, { file, dryRun: false, now: new Date(), withSecrets: false })
    const rows = await target.app.ctx.db
      .selectFrom('comments')
      .select(['id', 'source', 'author_url', 'remote_id'])
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      {
        id: 'good-reply',
        source: 'fediverse',
        author_url: 'https://social.example/@a',
        remote_id: 'https://social.example/notes/a',
      },
      { id: 'not-a-source', source: null, author_url: null, remote_id: null },
      { id: 'older-backup', source: null, author_url: null, remote_id: null },
      { id: 'script-author', source: 'fediverse', author_url: null, remote_id: 'https://social.example/notes/b' },
      { id: 'script-note', source: null, author_url: null, remote_id: null },
    ])
    expect(report.skipped).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'comments', item: 'same-note' })]),
    )
    // Past the format's length limit the backup is refused, as for any other field.
    const tooLong = await backupOf('too-long.zip', {
      ...records,
      comments: [comment('too-long', { source: 'fediverse', authorUrl: `https://x.example/${'a'.repeat(3000)}` })],
    })
    await expect(
      runImport((await fresh()).app.ctx.db, { file: tooLong, dryRun: false, now: new Date(), withSecrets: false }),
    ).rejects.toThrow(/authorUrl/)
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
