import { Accept, Create, Delete, Follow, type Activity } from '@fedify/vocab'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import type { App } from '#server/context.ts'
import { openDatabase, type DbHandle } from '#server/db/client.ts'
import { setPostAnnouncer } from '#server/features/fediverse/fediverse-posts.service.ts'
import { markPostPending, settlePendingPost } from '#server/features/fediverse/fediverse.repo.ts'
import { announcePendingPosts, announcePost } from '#server/features/fediverse/fediverse.service.ts'
import { publishDuePosts } from '#server/features/scheduled-publishing/scheduled-publishing.service.ts'
import { blogRecipient, eventually, startBlog } from '#test/support/fediverse-blog.ts'
import { startFedifyPeer, type FedifyPeer } from '#test/support/fedify-peer.ts'
import type { TestApp } from '#test/support/test-app.ts'
import { TEST_ENGINE } from '#test/support/test-db.ts'

/**
 * A kill at any point of a post's announcement loses nothing and sends no second activity: each kill point is
 * left in the database exactly as the kill would leave it, then instances start on that database (their start
 * announces what is marked) and a real Fedify server counts what reaches it.
 */
describe(`a kill in the middle of announcing a post (${TEST_ENGINE})`, () => {
  let t: TestApp
  let origin: string
  let cookie: string
  let peer: FedifyPeer
  const db = () => t.app.ctx.db
  const admin = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { origin, cookie } })
  const announcer = (id: string) => announcePost(t.app.ctx, t.app.federation, id, t.app.log)

  /** What a kill right after a post's commit leaves: the post saved (and marked), its announcement never run. */
  async function killedAfterCommit<T>(save: () => Promise<T>): Promise<T> {
    setPostAnnouncer(db(), null)
    try {
      return await save()
    } finally {
      setPostAnnouncer(db(), announcer)
    }
  }

  /**
   * Starts `n` more instances on this database at once (on PostgreSQL each with its own pool, as separate processes;
   * SQLite runs one process per file, so there they share the handle) and stops them again.
   */
  async function startInstances(n: number): Promise<void> {
    const handles: DbHandle[] = []
    const apps: App[] = []
    try {
      await Promise.all(
        Array.from({ length: n }, async () => {
          const handle = t.databaseUrl
            ? openDatabase({ databaseUrl: t.databaseUrl, dataDir: t.app.ctx.env.dataDir })
            : null
          if (handle) handles.push(handle)
          const shared: DbHandle = { db: db(), engine: t.app.ctx.engine, close: async () => {} }
          const app = await buildApp({ database: handle ?? shared, env: t.app.ctx.env })
          apps.push(app)
          await app.ready()
        }),
      )
      // Their start settles every mark (what it queued, their workers and ours deliver).
      await eventually(
        async () => (await db().selectFrom('fediverse_pending_posts').select('post_id').execute()).length,
      ).toBe(0)
    } finally {
      for (const app of apps) await app.close()
      for (const handle of handles) await handle.close()
      setPostAnnouncer(db(), announcer) // a second app on the same SQLite handle unregisters ours when it closes
    }
  }

  const queued = async () => (await db().selectFrom('fediverse_queue').select('id').execute()).length
  const pending = async () => (await db().selectFrom('fediverse_pending_posts').select('post_id').execute()).length
  const article = (postId: string) =>
    db().selectFrom('fediverse_articles').selectAll().where('post_id', '=', postId).executeTakeFirst()
  const received = (type: typeof Create | typeof Delete, objectId: string) =>
    peer.received.filter((a: Activity) => a instanceof type && a.objectId?.href === objectId)
  const deliveriesOf = (activityId: string) => peer.deliveries.filter((d) => d.id === activityId)
  /** Everything queued has gone out (so a count taken now is final). */
  const drained = () => eventually(queued).toBe(0)

  beforeAll(async () => {
    ;({ t, origin, cookie } = await startBlog())
    peer = await startFedifyPeer()
    const actor = new URL('/fediverse/users/site', origin)
    await peer.send(
      'alice',
      blogRecipient(origin),
      new Follow({ id: new URL('/follows/1', peer.origin), actor: peer.actorUri('alice'), object: actor }),
    )
    await peer.waitFor((a) => a instanceof Accept)
  })
  afterAll(async () => {
    await peer?.close()
    await t?.close()
  })

  it('killed after the post committed: the next start sends its Create, once, even with two instances starting', async () => {
    await drained()
    const post = (
      await killedAfterCommit(() =>
        admin('POST', '/api/posts', { title: 'Killed after commit', content: 'x', status: 'published' }),
      )
    ).json()
    const objectId = `${origin}/blog/${post.slug}`
    // The kill left the post public, marked, and nothing queued or recorded.
    expect(await pending()).toBe(1)
    expect(await queued()).toBe(0)
    expect(await article(post.id)).toBeUndefined()

    await startInstances(TEST_ENGINE === 'postgres' ? 2 : 1)
    await peer.waitFor((a) => a instanceof Create && a.objectId?.href === objectId)
    await drained()
    expect(received(Create, objectId)).toHaveLength(1)
    expect(deliveriesOf(`${objectId}#create`)).toHaveLength(1)
    expect(await article(post.id)).toMatchObject({ state: 'created', object_id: objectId })
  })

  it('killed after the Create was queued, before its record committed: the same Create again, dropped as a repeat', async () => {
    const post = (
      await admin('POST', '/api/posts', { title: 'Killed after queueing', content: 'x', status: 'published' })
    ).json()
    const objectId = `${origin}/blog/${post.slug}`
    await peer.waitFor((a) => a instanceof Create && a.objectId?.href === objectId)
    await drained()
    // The record and the mark's removal are one transaction: a kill before its commit leaves the mark, no record.
    await db().deleteFrom('fediverse_articles').where('post_id', '=', post.id).execute()
    await db().insertInto('fediverse_pending_posts').values({ post_id: post.id, token: 'rolled-back' }).execute()

    expect(await announcePendingPosts(t.app.ctx, t.app.federation, t.app.log)).toBe(1)
    await eventually(async () => deliveriesOf(`${objectId}#create`).length).toBe(2)
    await drained()
    // Delivered again under the same id, so the receiver kept it once.
    expect(received(Create, objectId)).toHaveLength(1)
    expect(await article(post.id)).toMatchObject({ state: 'created' })
  })

  it('killed after a scheduled post reached its time: the next start sends its Create once', async () => {
    const publishedAt = new Date(Date.now() + 1500).toISOString()
    const post = (
      await admin('POST', '/api/posts', {
        title: 'Scheduled then killed',
        content: 'x',
        status: 'scheduled',
        publishedAt,
      })
    ).json()
    expect(post.status).toBe('scheduled')
    await drained()
    expect(await pending()).toBe(0) // a scheduled post tells the fediverse nothing yet
    await new Promise((r) => setTimeout(r, 1600))
    expect(await killedAfterCommit(() => publishDuePosts(db(), new Date()))).toEqual([post.id])
    expect(await pending()).toBe(1)

    const objectId = `${origin}/blog/${post.slug}`
    await startInstances(1)
    await peer.waitFor((a) => a instanceof Create && a.objectId?.href === objectId)
    await drained()
    expect(received(Create, objectId)).toHaveLength(1)
    expect(deliveriesOf(`${objectId}#create`)).toHaveLength(1)
  })

  it('killed after an unpublish committed: the next start sends the Delete once', async () => {
    const post = (
      await admin('POST', '/api/posts', { title: 'Soon a draft', content: 'x', status: 'published' })
    ).json()
    const objectId = `${origin}/blog/${post.slug}`
    await peer.waitFor((a) => a instanceof Create && a.objectId?.href === objectId)
    await drained()
    await killedAfterCommit(() => admin('PUT', `/api/posts/${post.id}`, { status: 'draft' }))
    expect(await queued()).toBe(0)

    await startInstances(1)
    await peer.waitFor((a) => a instanceof Delete && a.objectId?.href === objectId)
    await drained()
    expect(received(Delete, objectId)).toHaveLength(1)
    const deleted = await article(post.id)
    expect(deleted).toMatchObject({ state: 'deleted' })

    // Published again: a Create of its own (the receiver remembers the first one's id and would drop a repeat).
    await admin('PUT', `/api/posts/${post.id}`, { status: 'published' })
    const again = `${objectId}#create-${new Date(deleted!.updated_at).getTime()}`
    await peer.waitFor((a) => a instanceof Create && a.id?.href === again)
    expect(received(Create, objectId)).toHaveLength(2)
  })

  it('a change saved while the previous one is being announced keeps its mark', async () => {
    const postId = crypto.randomUUID()
    await markPostPending(db(), postId)
    let save: Promise<void> | undefined
    await settlePendingPost(db(), t.app.ctx.engine, postId, async () => {
      save = markPostPending(db(), postId) // on PostgreSQL it waits for this settlement's commit
      await new Promise((r) => setTimeout(r, 100))
      return null
    })
    await save
    expect(await pending()).toBe(1)
    await settlePendingPost(db(), t.app.ctx.engine, postId, async () => null)
    expect(await pending()).toBe(0)
  })

  it('a start with nothing marked queues nothing', async () => {
    await drained()
    const before = peer.deliveries.length
    expect(await pending()).toBe(0)
    expect(await announcePendingPosts(t.app.ctx, t.app.federation, t.app.log)).toBe(0)
    expect(await queued()).toBe(0)
    await startInstances(1)
    expect(await queued()).toBe(0)
    expect(peer.deliveries.length).toBe(before)
  })
})
