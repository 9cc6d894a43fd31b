import { Create } from '@fedify/vocab'
import { afterAll, describe, expect, it } from 'vitest'
import { startFedifyPeer } from '#test/support/fedify-peer.ts'
import { followersOn, postgresStore } from '#test/support/fediverse-followers.ts'
import {
  deliveriesPerInbox,
  expectEveryInbox,
  FEDIVERSE_ENV,
  publish,
  queueDrained,
  until,
} from './fediverse-delivery.ts'
import { deliveredAfterTheRemoteReturns, deliveredThroughSigkill, type FediverseEngine } from './fediverse-scenarios.ts'
import { freePort, scratch, startServer, type ServerProcess } from './server-process.ts'

// Runs only in the 'system' project when TEST_DATABASE_URL is set (see vitest.config.ts).
const space = scratch('fedi')
afterAll(space.remove)

async function postgresBlog(): Promise<FediverseEngine> {
  const url = await space.database()
  const dir = space.dataDir()
  return {
    label: 'PostgreSQL',
    store: postgresStore(url),
    start: (port) => startServer({ dataDir: dir, databaseUrl: url, port, env: FEDIVERSE_ENV }),
  }
}

describe('fediverse delivery on real server processes (PostgreSQL)', () => {
  it("a follower's server that was down gets the post when it is back", async () => {
    await deliveredAfterTheRemoteReturns(await postgresBlog())
  })

  it('every inbox gets the Create after a SIGKILL mid-delivery and a restart', async () => {
    await deliveredThroughSigkill(await postgresBlog())
  })

  it('three instances share the delivery: each inbox is sent the Create exactly once', async () => {
    const url = await space.database()
    const store = postgresStore(url)
    const peer = await startFedifyPeer({ delayMs: 50 })
    const ports = await Promise.all([0, 1, 2].map(() => freePort()))
    // One public address for all three, as behind a load balancer: the actor and its keys are the same everywhere.
    const publicUrl = `http://127.0.0.1:${ports[0]}`
    const env = { ...FEDIVERSE_ENV, PUBLIC_URL: publicUrl }
    const servers: ServerProcess[] = []
    const start = async (port: number) => {
      servers.push(await startServer({ dataDir: space.dataDir(), databaseUrl: url, port, env }))
    }
    try {
      // The first one migrates; the other two then start side by side.
      await start(ports[0]!)
      await Promise.all(ports.slice(1).map(start))
      const followers = followersOn(peer.origin, 100, { prefix: 'many', shared: false })
      await store.insertFollowers(followers)
      const { createId } = await publish(servers[1]!, publicUrl, 'Shared delivery')
      await until(() => deliveriesPerInbox(peer, createId).size === 100, 120_000, 'every inbox has the Create')
      await queueDrained(store, 30_000)
      expect(expectEveryInbox(peer, followers, createId)).toBe(100)
      expect(peer.received.filter((a) => a instanceof Create && a.id?.href === createId)).toHaveLength(100)
    } finally {
      await Promise.all(servers.map((s) => s.stop()))
      await peer.close()
    }
  })
})
