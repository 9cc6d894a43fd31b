import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createFederation, generateCryptoKeyPair, MemoryKvStore, type Federation } from '@fedify/fedify'
import { Activity, Endpoints, Person, type Recipient } from '@fedify/vocab'

/**
 * A second, real Fedify server on loopback for the fediverse tests: actors `alice`, `bob`, … (one shared inbox),
 * every activity reaching it kept in `received` (after Fedify checked its signature). It sends immediately (no queue).
 */
export type FedifyPeer = {
  origin: string
  federation: Federation<void>
  received: Activity[]
  actorUri: (name: string) => URL
  /** Sends an activity signed as `name` to one recipient. */
  send: (name: string, to: Recipient, activity: Activity) => Promise<void>
  /** Waits until an activity matching `test` has arrived (polling; fails after `ms`). */
  waitFor: (test: (a: Activity) => boolean, ms?: number) => Promise<Activity>
  /** Stops answering (the port is kept so the peer can come back at the same address). */
  stop: () => Promise<void>
  start: () => Promise<void>
  close: () => Promise<void>
}

export async function startFedifyPeer(opts: { port?: number } = {}): Promise<FedifyPeer> {
  const received: Activity[] = []
  const keys = new Map<string, CryptoKeyPair[]>()
  const keysOf = async (name: string) => {
    if (!keys.has(name)) keys.set(name, [await generateCryptoKeyPair('RSASSA-PKCS1-v1_5')])
    return keys.get(name)!
  }
  let origin = ''
  const federation = createFederation<void>({ kv: new MemoryKvStore(), allowPrivateAddress: true })
  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      const pairs = await ctx.getActorKeyPairs(identifier)
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: `${identifier[0]!.toUpperCase()}${identifier.slice(1)} Remote`,
        url: new URL(`/@${identifier}`, ctx.origin),
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: pairs[0]?.cryptographicKey,
      })
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => keysOf(identifier))
  federation.setInboxListeners('/users/{identifier}/inbox', '/inbox').on(Activity, async (_ctx, activity) => {
    received.push(activity)
  })

  const handler = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers = new Headers()
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(k, String(v))
    const body = chunks.length ? Buffer.concat(chunks) : undefined
    const response = await federation.fetch(
      new Request(new URL(req.url ?? '/', origin), {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      }),
      { contextData: undefined },
    )
    res.writeHead(response.status, Object.fromEntries(response.headers))
    res.end(Buffer.from(await response.arrayBuffer()))
  }
  let server = http.createServer(handler)
  let port = opts.port ?? 0
  const listen = () =>
    new Promise<void>((resolve) => {
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port
        resolve()
      })
    })
  await listen()
  origin = `http://127.0.0.1:${port}`

  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })

  return {
    origin,
    federation,
    received,
    actorUri: (name) => new URL(`/users/${name}`, origin),
    send: async (name, to, activity) => {
      const ctx = federation.createContext(new URL(origin), undefined)
      await ctx.sendActivity({ identifier: name }, to, activity)
    },
    waitFor: async (test, ms = 15_000) => {
      const until = Date.now() + ms
      for (;;) {
        const found = received.find(test)
        if (found) return found
        if (Date.now() > until) throw new Error('the peer did not receive the expected activity')
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    stop,
    start: async () => {
      server = http.createServer(handler)
      await listen()
    },
    close: stop,
  }
}
