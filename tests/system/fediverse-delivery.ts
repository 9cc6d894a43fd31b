import { expect } from 'vitest'
import type { FedifyPeer } from '#test/support/fedify-peer.ts'
import type { BlogStore, FollowerRow } from '#test/support/fediverse-followers.ts'
import { createPublishedPost, loginCookie, type ServerProcess } from './server-process.ts'

/** What every fediverse system test gives the blog: the peers live on loopback. */
export const FEDIVERSE_ENV = { FEDIVERSE_ALLOW_PRIVATE_ADDRESSES: '1' }

export async function until(
  test: () => boolean | Promise<boolean>,
  ms: number,
  what: string,
  state?: () => unknown,
): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await test())) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting until ${what}${state ? `: ${JSON.stringify(await state())}` : ''}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Waits until Fedify's queue holds nothing (no delivery can go out after that); a crashed worker's claim lasts 60 s. */
export async function queueDrained(store: BlogStore, ms: number): Promise<void> {
  await until(
    async () => (await store.queued()).length === 0,
    ms,
    'the queue is empty',
    async () => (await store.queued()).map((m) => `${m.type} attempt ${m.attempt}`),
  )
}

/** A post published through `server`, and the id of the Create that announces it (`{article id}#create`). */
export async function publish(server: ServerProcess, publicUrl: string, title: string) {
  const post = await createPublishedPost(server.base, await loginCookie(server.base), title)
  return { ...post, createId: `${publicUrl}/blog/${post.slug}#create` }
}

/** How many times each inbox was sent this activity (POSTs the peer accepted, repeats included). */
export function deliveriesPerInbox(peer: FedifyPeer, activityId: string): Map<string, number> {
  const counts = new Map<string, number>()
  for (const d of peer.deliveries) if (d.id === activityId) counts.set(d.inbox, (counts.get(d.inbox) ?? 0) + 1)
  return counts
}

/** Every follower's inbox got the activity; returns how many POSTs it took in all (repeats after a crash included). */
export function expectEveryInbox(peer: FedifyPeer, followers: FollowerRow[], activityId: string): number {
  const counts = deliveriesPerInbox(peer, activityId)
  const missing = followers.map((f) => new URL(f.inbox).pathname).filter((inbox) => !counts.has(inbox))
  expect(missing).toEqual([])
  return [...counts.values()].reduce((a, b) => a + b, 0)
}
