import { Create } from '@fedify/vocab'
import { expect } from 'vitest'
import { startFedifyPeer } from '#test/support/fedify-peer.ts'
import { freePort, type ServerProcess } from './server-process.ts'
import { followersOn, type BlogStore } from '#test/support/fediverse-followers.ts'
import { deliveriesPerInbox, expectEveryInbox, publish, queueDrained, until } from './fediverse-delivery.ts'

/** One blog's data on one engine; `start` runs the production server on it at `port` (PUBLIC_URL keeps that port). */
export type FediverseEngine = {
  label: string
  store: BlogStore
  start: (port: number) => Promise<ServerProcess>
}

/**
 * The follower's server is down when the post is published: the first delivery and Fedify's first retry fail, the
 * server comes back on the same port, and the Create arrives with a later retry (Fedify's default policy: 1 s
 * doubling, with jitter), once.
 */
export async function deliveredAfterTheRemoteReturns(engine: FediverseEngine): Promise<void> {
  const peer = await startFedifyPeer()
  const port = await freePort()
  const server = await engine.start(port)
  try {
    const followers = followersOn(peer.origin, 1, { prefix: 'away', shared: false })
    await engine.store.insertFollowers(followers)
    await peer.stop()
    const { createId } = await publish(server, server.base, 'While the remote was away')
    // The outbox message is back in the queue for its third attempt: two deliveries were refused.
    await until(
      async () => (await engine.store.queued()).some((m) => m.type === 'outbox' && (m.attempt ?? 0) >= 2),
      30_000,
      'two delivery attempts failed',
    )
    expect(peer.deliveries).toEqual([])

    await peer.start()
    const create = await peer.waitFor((a) => a instanceof Create && a.id?.href === createId, 60_000)
    expect(create.actorId?.href).toBe(`${server.base}/fediverse/users/site`)
    await queueDrained(engine.store, 30_000)
    expect(deliveriesPerInbox(peer, createId)).toEqual(new Map([[new URL(followers[0]!.inbox).pathname, 1]]))
  } finally {
    await server.stop()
    await peer.close()
  }
}

const FOLLOWERS = 100
/** The queue worker handles this many messages at once per instance (DbMessageQueue's concurrency). */
const IN_FLIGHT = 4

/**
 * 100 followers, each with its own inbox on a slow peer (50 ms an answer); the blog is SIGKILLed once 20 inboxes have
 * the Create and started again on the same data and port. Every inbox gets it; the remote processes it once per inbox
 * (Fedify drops a repeated activity id); a POST repeats only for a delivery in flight at the kill, whose claim the
 * restarted worker takes again when its 60 s lease ends.
 */
export async function deliveredThroughSigkill(engine: FediverseEngine): Promise<void> {
  const peer = await startFedifyPeer({ delayMs: 50 })
  const port = await freePort()
  let server = await engine.start(port)
  try {
    const followers = followersOn(peer.origin, FOLLOWERS, { prefix: 'reader', shared: false })
    await engine.store.insertFollowers(followers)
    const { createId } = await publish(server, server.base, 'Crash on the way out')
    await until(() => deliveriesPerInbox(peer, createId).size >= 20, 60_000, '20 inboxes have the Create')
    server.child.kill('SIGKILL')
    await server.exited
    const before = deliveriesPerInbox(peer, createId).size
    expect(before).toBeLessThan(FOLLOWERS)

    server = await engine.start(port)
    await until(() => deliveriesPerInbox(peer, createId).size === FOLLOWERS, 120_000, 'every inbox has the Create')
    await queueDrained(engine.store, 90_000)
    const posts = expectEveryInbox(peer, followers, createId)
    const processed = peer.received.filter((a) => a instanceof Create && a.id?.href === createId).length
    console.log(
      `fediverse SIGKILL (${engine.label}): ${before} of ${FOLLOWERS} inboxes before the kill, ${posts} POSTs in all, ${posts - FOLLOWERS} repeated, ${processed} processed by the remote`,
    )
    expect(processed).toBe(FOLLOWERS)
    expect(posts - FOLLOWERS).toBeLessThanOrEqual(IN_FLIGHT)
  } finally {
    await server.stop()
    await peer.close()
  }
}
