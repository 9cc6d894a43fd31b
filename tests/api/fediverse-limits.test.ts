import { Create, Follow, Note } from '@fedify/vocab'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AP, blogRecipient, eventually, startBlog, type LoopbackBlog } from '#test/support/fediverse-blog.ts'
import { startFedifyPeer, type FedifyPeer } from '#test/support/fedify-peer.ts'
import { createTestApp } from '#test/support/test-app.ts'
import { TEST_ENGINE } from '#test/support/test-db.ts'

describe(`fediverse limits (${TEST_ENGINE})`, () => {
  let blog: LoopbackBlog
  let peer: FedifyPeer
  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    blog.t.app.inject({ method, url, payload, headers: { origin: blog.origin, cookie: blog.cookie } })
  const queued = async () => (await blog.t.app.ctx.db.selectFrom('fediverse_queue').select('id').execute()).length

  beforeAll(async () => {
    blog = await startBlog()
    peer = await startFedifyPeer()
  })
  afterAll(async () => {
    await peer?.close()
    await blog?.t.close()
  })

  it('an inbox delivery that changes nothing public leaves a cached answer a cache hit', async () => {
    const post = (await admin('POST', '/api/posts', { title: 'Cached', content: 'x', status: 'published' })).json()
    const page = () => blog.t.app.inject({ url: `/api/posts/slug/${post.slug}` })
    for (let i = 0; i < 2; i++) await page() // stored on its second render
    expect((await page()).headers['x-cache']).toBe('HIT')
    await peer.send(
      'zoe',
      blogRecipient(blog.origin),
      new Follow({
        id: new URL('/follows/z', peer.origin),
        actor: peer.actorUri('zoe'),
        object: blogRecipient(blog.origin).id,
      }),
    )
    await eventually(async () => (await admin('GET', '/api/admin/fediverse')).json().followerCount).toBe(1)
    await eventually(queued).toBe(0) // the Follow and its Accept are done
    expect((await page()).headers['x-cache']).toBe('HIT')
  })

  it('limits replies like comments: 5 a minute per account, 20 per server', async () => {
    const post = (await admin('POST', '/api/posts', { title: 'Busy thread', content: 'x', status: 'published' })).json()
    const target = new URL(`/blog/${post.slug}`, blog.origin)
    const reply = (name: string, n: number) =>
      peer.send(
        name,
        blogRecipient(blog.origin),
        new Create({
          id: new URL(`/c/${name}/${n}`, peer.origin),
          actor: peer.actorUri(name),
          object: new Note({
            id: new URL(`/notes/${name}/${n}`, peer.origin),
            attribution: peer.actorUri(name),
            replyTarget: target,
            content: `reply ${n} from ${name}`,
          }),
        }),
      )
    // alice: 6 replies, one over her own limit; bob, carol and dave: 5 each (20 from the server); eve: one too many.
    for (let n = 1; n <= 6; n++) await reply('alice', n)
    for (const name of ['bob', 'carol', 'dave']) for (let n = 1; n <= 5; n++) await reply(name, n)
    await reply('eve', 1)
    await eventually(queued).toBe(0)
    const comments = (await admin('GET', '/api/admin/comments?status=pending')).json()
    expect(comments.counts.pending).toBe(20)
    const rows = await blog.t.app.ctx.db.selectFrom('comments').select('author_name').execute()
    expect(rows.filter((r) => r.author_name === 'Alice Remote')).toHaveLength(5)
    expect(rows.filter((r) => r.author_name === 'Eve Remote')).toHaveLength(0)
  })
})

describe(`inbox flood (${TEST_ENGINE})`, () => {
  it('a flood of inbox POSTs from one network gets 429 (counted before the signature is checked)', async () => {
    const t = await createTestApp({ env: { FEDIVERSE_INBOX_PER_NETWORK: '5' } })
    try {
      const follow = {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: 'https://remote.example/follows/1',
        type: 'Follow',
        actor: 'https://remote.example/users/eve',
        object: 'http://localhost:3000/fediverse/users/site',
      }
      const post = (remoteAddress?: string) =>
        t.app.inject({
          method: 'POST',
          url: '/fediverse/inbox',
          remoteAddress,
          headers: { 'content-type': AP },
          payload: follow,
        })
      for (let i = 0; i < 5; i++) expect((await post()).statusCode).toBe(401)
      const refused = await post()
      expect(refused.statusCode).toBe(429)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      // Another network is not affected, and reads (the actor) are not counted.
      expect((await post('203.0.113.9')).statusCode).toBe(401)
      expect((await t.app.inject({ url: '/fediverse/users/site', headers: { accept: AP } })).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })
})
