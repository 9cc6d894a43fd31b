import {
  Accept,
  Announce,
  Arrive,
  Create,
  Delete,
  Follow,
  Like,
  Note,
  Reject,
  Undo,
  Update,
  type Article,
} from '@fedify/vocab'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadPage } from '#server/ssr/load-page.ts'
import { AP, blogRecipient as recipientAt, eventually, startBlog } from '#test/support/fediverse-blog.ts'
import { startFedifyPeer, type FedifyPeer } from '#test/support/fedify-peer.ts'
import type { TestApp } from '#test/support/test-app.ts'
import { TEST_ENGINE } from '#test/support/test-db.ts'

describe(`the blog as a fediverse actor (${TEST_ENGINE})`, () => {
  let t: TestApp
  let origin: string
  let cookie: string
  let peer: FedifyPeer
  const actor = () => new URL('/fediverse/users/site', origin)
  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { origin, cookie } })
  const blogRecipient = () => recipientAt(origin)

  beforeAll(async () => {
    ;({ t, origin, cookie } = await startBlog())
    peer = await startFedifyPeer()
  })
  afterAll(async () => {
    await peer?.close()
    await t?.close()
  })

  it('answers WebFinger, the actor and NodeInfo', async () => {
    const host = new URL(origin).host
    const wf = await t.app.inject({ url: `/.well-known/webfinger?resource=acct:blog@${host}` })
    expect(wf.statusCode).toBe(200)
    const self = wf.json().links.find((l: { rel: string }) => l.rel === 'self')
    expect(self).toMatchObject({ type: AP, href: actor().href })

    const person = await t.app.inject({ url: '/fediverse/users/site', headers: { accept: AP } })
    expect(person.statusCode).toBe(200)
    const json = person.json()
    expect(json).toMatchObject({ type: 'Person', preferredUsername: 'blog', url: `${origin}/` })
    expect(json.inbox).toBe(`${origin}/fediverse/users/site/inbox`)
    expect(json.endpoints.sharedInbox).toBe(`${origin}/fediverse/inbox`)
    expect(json.publicKey.publicKeyPem).toContain('BEGIN PUBLIC KEY')
    expect(json.assertionMethod).toHaveLength(2)

    const nodeinfo = await t.app.inject({ url: '/.well-known/nodeinfo' })
    expect(nodeinfo.json().links[0].href).toBe(`${origin}/nodeinfo/2.1`)
    const info = await t.app.inject({ url: '/nodeinfo/2.1' })
    expect(info.json()).toMatchObject({ version: '2.1', protocols: ['activitypub'] })
  })

  it('keeps the same keys across a second request (they live in the database)', async () => {
    const a = (await t.app.inject({ url: '/fediverse/users/site', headers: { accept: AP } })).json()
    const b = (await t.app.inject({ url: '/fediverse/users/site', headers: { accept: AP } })).json()
    expect(a.publicKey.publicKeyPem).toBe(b.publicKey.publicKeyPem)
    const stored = await t.app.ctx.db.selectFrom('fediverse_state').select('name').where('name', '=', 'keys').execute()
    expect(stored).toHaveLength(1)
  })

  it('answers the actor as the site identity and the handle stand now (it is made once for what it is made from)', async () => {
    const person = async () => (await t.app.inject({ url: '/fediverse/users/site', headers: { accept: AP } })).json()
    const before = await person()
    const identity = (await admin('GET', '/api/site-identity')).json()
    expect(
      (await admin('PUT', '/api/site-identity', { ...identity, title: 'Renamed', tagline: 'New words' })).statusCode,
    ).toBe(200)
    expect(await person()).toMatchObject({ name: 'Renamed', summary: 'New words', preferredUsername: 'blog' })
    expect((await admin('PUT', '/api/admin/fediverse', { enabled: true, handle: 'renamed' })).statusCode).toBe(200)
    expect(await person()).toMatchObject({ name: 'Renamed', preferredUsername: 'renamed' })
    await admin('PUT', '/api/admin/fediverse', { enabled: true, handle: 'blog' })
    await admin('PUT', '/api/site-identity', identity)
    expect(await person()).toEqual(before)
  })

  it('refuses an unsigned activity with 401 and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/fediverse/inbox',
      headers: { 'content-type': AP },
      payload: {
        '@context': 'https://www.w3.org/ns/activitystreams',
        type: 'Follow',
        actor: `${peer.origin}/users/eve`,
        object: actor().href,
        id: `${peer.origin}/f/1`,
      },
    })
    expect(res.statusCode).toBe(401)
    expect((await admin('GET', '/api/admin/fediverse')).json().followerCount).toBe(0)
  })

  it('refuses a body over 1 MB and answers 4xx for junk, never 500', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/fediverse/inbox',
      headers: { 'content-type': AP },
      payload: 'x'.repeat(1024 * 1024 + 10),
    })
    expect(big.statusCode).toBe(413)
    const deep = '['.repeat(5000) + ']'.repeat(5000)
    for (const payload of ['not json', deep, '{"type":"Nonsense"}'])
      expect(
        (await t.app.inject({ method: 'POST', url: '/fediverse/inbox', headers: { 'content-type': AP }, payload }))
          .statusCode,
      ).toBeLessThan(500)
  })

  it('federates: Follow → Accept, publish → Create, edit → Update, unpublish → Delete, Undo(Follow) → nothing more', async () => {
    await peer.send(
      'alice',
      blogRecipient(),
      new Follow({ id: new URL('/follows/1', peer.origin), actor: peer.actorUri('alice'), object: actor() }),
    )
    const accept = await peer.waitFor((a) => a instanceof Accept)
    expect(accept.actorId?.href).toBe(actor().href)
    await eventually(async () => (await admin('GET', '/api/admin/fediverse')).json().followerCount).toBe(1)
    const list = (await admin('GET', '/api/admin/fediverse/followers')).json()
    expect(list.followers[0]).toMatchObject({
      handle: `@alice@${new URL(peer.origin).host}`,
      name: 'Alice Remote',
      server: new URL(peer.origin).host,
    })

    // A second follower on the same server: deliveries go once to the shared inbox.
    await peer.send(
      'bob',
      blogRecipient(),
      new Follow({ id: new URL('/follows/2', peer.origin), actor: peer.actorUri('bob'), object: actor() }),
    )
    await eventually(async () => (await admin('GET', '/api/admin/fediverse')).json().followerCount).toBe(2)

    const draft = await admin('POST', '/api/posts', { title: 'Draft only', content: 'secret', status: 'draft' })
    expect(draft.statusCode).toBe(201)
    const created = await admin('POST', '/api/posts', {
      title: 'Hello fediverse',
      content: 'See [home](/) and **bold**.',
      tags: ['Intro'],
      status: 'published',
    })
    expect(created.statusCode).toBe(201)
    const post = created.json()
    const create = (await peer.waitFor((a) => a instanceof Create)) as Create
    const article = (await create.getObject()) as Article
    expect(article.name?.toString()).toBe('Hello fediverse')
    expect(article.url?.toString()).toBe(`${origin}/blog/${post.slug}`)
    expect(article.content?.toString()).toContain(`href="${origin}/"`)
    expect(peer.received.filter((a) => a instanceof Create)).toHaveLength(1)

    const asJson = await t.app.inject({ url: `/blog/${post.slug}`, headers: { accept: AP } })
    expect(asJson.statusCode).toBe(200)
    expect(asJson.json()).toMatchObject({ type: 'Article', name: 'Hello fediverse', attributedTo: actor().href })
    const draftAsJson = await t.app.inject({ url: `/blog/${draft.json().slug}`, headers: { accept: AP } })
    expect(draftAsJson.statusCode).toBe(404)
    const pageHead = async (slug: string) => (await loadPage(t.app.ctx, `/blog/${slug}`, '', { isAdmin: true })).head
    expect((await pageHead(post.slug)).activity).toBe(`/blog/${post.slug}`)
    expect((await pageHead(draft.json().slug)).activity).toBeUndefined()

    const outbox = (
      await t.app.inject({ url: '/fediverse/users/site/outbox?cursor=1', headers: { accept: AP } })
    ).json()
    expect(outbox.orderedItems).toHaveLength(1)
    expect(outbox.orderedItems[0].object.name).toBe('Hello fediverse')

    await admin('PUT', `/api/posts/${post.id}`, { title: 'Hello again' })
    const update = (await peer.waitFor((a) => a instanceof Update)) as Update
    expect(update.objectId?.href).toBe(article.id?.href)

    await admin('PUT', `/api/posts/${post.id}`, { status: 'draft' })
    const del = await peer.waitFor((a) => a instanceof Delete)
    expect(del.objectId?.href).toBe(article.id?.href)

    await peer.send(
      'alice',
      blogRecipient(),
      new Undo({
        id: new URL('/undo/1', peer.origin),
        actor: peer.actorUri('alice'),
        object: new Follow({ id: new URL('/follows/1', peer.origin), actor: peer.actorUri('alice'), object: actor() }),
      }),
    )
    await eventually(async () => (await admin('GET', '/api/admin/fediverse')).json().followerCount).toBe(1)

    // Removing the last follower sends it a Reject; after that a publication goes to nobody.
    const removed = await admin('POST', '/api/admin/fediverse/followers/remove', { actorId: peer.actorUri('bob').href })
    expect(removed.statusCode).toBe(200)
    await peer.waitFor((a) => a instanceof Reject)
    const before = peer.received.length
    await admin('POST', '/api/posts', { title: 'Nobody hears this', content: 'x', status: 'published' })
    await new Promise((r) => setTimeout(r, 500))
    expect(peer.received.length).toBe(before)
  })

  it('takes replies as pending comments and counts likes and boosts once per account', async () => {
    const post = (await admin('POST', '/api/posts', { title: 'Talk to me', content: 'x', status: 'published' })).json()
    const draft = (await admin('POST', '/api/posts', { title: 'Not yet', content: 'x', status: 'draft' })).json()
    const articleId = new URL(`/blog/${post.slug}`, origin)
    const note = (id: string, content: string, inReplyTo = articleId) =>
      new Note({
        id: new URL(`/notes/${id}`, peer.origin),
        attribution: peer.actorUri('alice'),
        replyTarget: inReplyTo,
        content,
      })
    const inbox = blogRecipient()
    const alice = peer.actorUri('alice')
    await peer.send(
      'alice',
      inbox,
      new Create({
        id: new URL('/c/1', peer.origin),
        actor: alice,
        object: note('1', '<p>Nice &amp; <b>good</b></p><p>Second</p>'),
      }),
    )
    await peer.send(
      'alice',
      inbox,
      new Create({
        id: new URL('/c/2', peer.origin),
        actor: alice,
        object: note('2', 'to a draft', new URL(`/blog/${draft.slug}`, origin)),
      }),
    )
    await peer.send(
      'alice',
      inbox,
      new Create({
        id: new URL('/c/3', peer.origin),
        actor: alice,
        object: note('3', 'to nothing', new URL('/blog/missing', origin)),
      }),
    )

    const pending = async () =>
      (await admin('GET', '/api/admin/comments?status=pending')).json().comments as Array<Record<string, unknown>>
    await eventually(async () => (await pending()).length).toBe(1)
    const [comment] = await pending()
    expect(comment).toMatchObject({
      source: 'fediverse',
      authorName: 'Alice Remote',
      authorUrl: `${peer.origin}/@alice`,
      content: 'Nice & good\n\nSecond',
      post: { id: post.id },
    })
    expect((await admin('PUT', `/api/admin/comments/${comment!.id}/approve`)).statusCode).toBe(200)
    const shown = (await t.app.inject({ url: `/api/posts/${post.id}/comments` })).json()
    expect(shown.comments ?? shown).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ authorName: 'Alice Remote', authorUrl: `${peer.origin}/@alice` }),
      ]),
    )

    await peer.send(
      'alice',
      inbox,
      new Update({ id: new URL('/u/1', peer.origin), actor: alice, object: note('1', 'Edited') }),
    )
    await eventually(async () => (await admin('GET', '/api/admin/comments')).json().comments[0].content).toBe('Edited')

    for (const n of [1, 2])
      await peer.send(
        'alice',
        inbox,
        new Like({ id: new URL(`/likes/${n}`, peer.origin), actor: alice, object: articleId }),
      )
    await peer.send(
      'bob',
      inbox,
      new Announce({ id: new URL('/boosts/1', peer.origin), actor: peer.actorUri('bob'), object: articleId }),
    )
    // Read as the admin: an anonymous read may be a cached answer up to 60 s old (reactions never drop the cache,
    // as reader likes do not), which is how this step once looked as if Undo did nothing on PostgreSQL.
    const counts = async () => (await admin('GET', `/api/posts/slug/${post.slug}`)).json().fediverse
    await eventually(counts).toEqual({ likes: 1, boosts: 1 })
    const undo = (name: string, id: string, object: Like | Announce) =>
      peer.send(name, inbox, new Undo({ id: new URL(id, peer.origin), actor: peer.actorUri(name), object }))
    await undo(
      'alice',
      '/undo/like',
      new Like({ id: new URL('/likes/1', peer.origin), actor: alice, object: articleId }),
    )
    await eventually(counts).toEqual({ likes: 0, boosts: 1 })
    await undo(
      'bob',
      '/undo/boost',
      new Announce({ id: new URL('/boosts/1', peer.origin), actor: peer.actorUri('bob'), object: articleId }),
    )
    await eventually(counts).toEqual({ likes: 0, boosts: 0 })
    await peer.send(
      'alice',
      inbox,
      new Delete({ id: new URL('/d/1', peer.origin), actor: alice, object: new URL('/notes/1', peer.origin) }),
    )
    await eventually(async () => (await admin('GET', '/api/admin/comments')).json().counts.all).toBe(0)
  })

  it('goes quiet when switched off: WebFinger, actor and inbox answer 404, the footer and page links go', async () => {
    const host = new URL(origin).host
    const home = () => loadPage(t.app.ctx, '/', '', { isAdmin: false })
    expect((await t.app.inject({ url: '/api/fediverse' })).json()).toEqual({ account: `@blog@${host}` })
    expect((await home()).head.activity).toBe('/fediverse/users/site')
    const off = await admin('PUT', '/api/admin/fediverse', { enabled: false, handle: 'news' })
    expect(off.json()).toMatchObject({ enabled: false, account: `@news@${host}` })
    expect((await t.app.inject({ url: `/.well-known/webfinger?resource=acct:news@${host}` })).statusCode).toBe(404)
    expect((await t.app.inject({ url: '/fediverse/users/site', headers: { accept: AP } })).statusCode).toBe(404)
    expect(
      (await t.app.inject({ method: 'POST', url: '/fediverse/inbox', headers: { 'content-type': AP }, payload: '{}' }))
        .statusCode,
    ).toBe(404)
    expect((await t.app.inject({ url: '/api/fediverse' })).json()).toEqual({ account: null })
    expect((await home()).head.activity).toBeUndefined()
    await admin('PUT', '/api/admin/fediverse', { enabled: true, handle: 'news' })
    expect((await t.app.inject({ url: `/.well-known/webfinger?resource=acct:news@${host}` })).statusCode).toBe(200)
    expect((await t.app.inject({ url: `/.well-known/webfinger?resource=acct:blog@${host}` })).statusCode).toBe(404)
  })

  it('ignores signed activities it has no use for: a Follow of another actor, a type it does not handle, a blocked account', async () => {
    const before = (await admin('GET', '/api/admin/fediverse')).json().followerCount
    const other = new URL('/fediverse/users/other', origin)
    await peer.send(
      'frank',
      blogRecipient(),
      new Follow({ id: new URL('/follows/other', peer.origin), actor: peer.actorUri('frank'), object: other }),
    )
    await peer.send(
      'frank',
      blogRecipient(),
      new Arrive({ id: new URL('/arrive/1', peer.origin), actor: peer.actorUri('frank'), location: actor() }),
    )
    const queued = async () => (await t.app.ctx.db.selectFrom('fediverse_queue').select('id').execute()).length
    await eventually(queued).toBe(0)
    expect((await admin('GET', '/api/admin/fediverse')).json().followerCount).toBe(before)
    expect(
      peer.received.filter((a) => a instanceof Accept && a.objectId?.href.endsWith('/follows/other')),
    ).toHaveLength(0)

    // A blocked account's Follow of our actor is dropped too.
    const block = await admin('POST', '/api/admin/fediverse/blocks', { actorId: peer.actorUri('frank').href })
    expect(block.statusCode).toBe(200)
    await peer.send(
      'frank',
      blogRecipient(),
      new Follow({ id: new URL('/follows/blocked', peer.origin), actor: peer.actorUri('frank'), object: actor() }),
    )
    await eventually(queued).toBe(0)
    expect((await admin('GET', '/api/admin/fediverse')).json().followerCount).toBe(before)
  })

  it('needs a session for the admin endpoints', async () => {
    expect((await t.app.inject({ url: '/api/admin/fediverse' })).statusCode).toBe(401)
  })
})

describe(`delivery to a server that is down (${TEST_ENGINE})`, () => {
  it('retries from the queue: the post arrives once the server is back', async () => {
    const { t, origin, cookie } = await startBlog()
    const peer = await startFedifyPeer()
    try {
      const actor = new URL('/fediverse/users/site', origin)
      await peer.send(
        'carol',
        { id: actor, inboxId: new URL('/fediverse/inbox', origin), endpoints: null },
        new Follow({ id: new URL('/follows/9', peer.origin), actor: peer.actorUri('carol'), object: actor }),
      )
      await peer.waitFor((a) => a instanceof Accept)
      await peer.stop()
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: { origin, cookie },
        payload: { title: 'While you were away', content: 'x', status: 'published' },
      })
      expect(res.statusCode).toBe(201)
      // The first attempt fails (connection refused) and is queued again with Fedify's backoff.
      await expect
        .poll(async () => (await t.app.ctx.db.selectFrom('fediverse_queue').select('id').execute()).length)
        .toBeGreaterThan(0)
      await new Promise((r) => setTimeout(r, 1500))
      await peer.start()
      const create = (await peer.waitFor((a) => a instanceof Create, 60_000)) as Create
      expect(((await create.getObject()) as Article).name?.toString()).toBe('While you were away')
    } finally {
      await peer.close()
      await t.close()
    }
  }, 90_000)
})
