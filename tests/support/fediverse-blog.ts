import net from 'node:net'
import { expect } from 'vitest'
import { createTestApp, TEST_ADMIN, type TestApp } from './test-app.ts'

export const AP = 'application/activity+json'

/** Waits for what the inbox queue does in the background (a wait for arrival, not a time limit on anything). */
export const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 })

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export type LoopbackBlog = { t: TestApp; origin: string; cookie: string }

/** The blog on a real loopback port (the peer fetches its actor and keys), allowed to fetch loopback addresses. */
export async function startBlog(env: Record<string, string> = {}): Promise<LoopbackBlog> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const t = await createTestApp({ env: { PUBLIC_URL: origin, FEDIVERSE_ALLOW_PRIVATE_ADDRESSES: '1', ...env } })
  await t.app.listen({ port, host: '127.0.0.1' })
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin },
    payload: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
  })
  const sid = res.cookies.find((c) => c.name === 'sid')
  if (!sid) throw new Error(`login failed: ${res.body}`)
  return { t, origin, cookie: `sid=${sid.value}` }
}

/** The blog's actor as a recipient of the peer's activities (its personal inbox). */
export const blogRecipient = (origin: string) => ({
  id: new URL('/fediverse/users/site', origin),
  inboxId: new URL('/fediverse/users/site/inbox', origin),
  endpoints: null,
})
