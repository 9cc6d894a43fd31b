import { Follow } from '@fedify/vocab'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blogRecipient, startBlog, type LoopbackBlog } from '#test/support/fediverse-blog.ts'
import { startFedifyPeer, type FedifyPeer } from '#test/support/fedify-peer.ts'
import { TEST_ENGINE } from '#test/support/test-db.ts'

// Without FEDIVERSE_ALLOW_PRIVATE_ADDRESSES (production), the blog never fetches a private or loopback address, so an
// activity whose actor or key lives on one cannot be verified: no request forged through a crafted actor address.
describe(`fediverse on private addresses, as in production (${TEST_ENGINE})`, () => {
  let blog: LoopbackBlog
  let peer: FedifyPeer
  const admin = (url: string) =>
    blog.t.app.inject({ method: 'GET', url, headers: { origin: blog.origin, cookie: blog.cookie } })

  beforeAll(async () => {
    blog = await startBlog({ FEDIVERSE_ALLOW_PRIVATE_ADDRESSES: '0' })
    peer = await startFedifyPeer()
  })
  afterAll(async () => {
    await peer?.close()
    await blog?.t.close()
  })

  it('refuses a signed Follow whose actor and key are on a loopback server: nothing fetched from it, nothing stored', async () => {
    const follow = new Follow({
      id: new URL('/follows/private', peer.origin),
      actor: peer.actorUri('mallory'),
      object: blogRecipient(blog.origin).id,
    })
    await expect(peer.send('mallory', blogRecipient(blog.origin), follow)).rejects.toThrow(/401/)

    const queued = await blog.t.app.ctx.db.selectFrom('fediverse_queue').select('id').execute()
    expect(queued).toEqual([])
    expect((await admin('/api/admin/fediverse')).json().followerCount).toBe(0)
    expect(peer.received).toEqual([])
  })
})
