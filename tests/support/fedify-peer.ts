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
  /**
   * Every POST its inboxes answered with a 2xx, counted before Fedify's own duplicate check (which keeps a repeated
   * activity id out of `received`): how many times the sender really delivered each activity to each inbox.
   */
  deliveries: Delivery[]
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

export type Delivery = { inbox: string; id: string; type: string; at: number }

/** `delayMs`: each inbox POST is answered this much later (a slow server, so a sender can be stopped mid-delivery). */
export async function startFedifyPeer(opts: { port?: number; delayMs?: number } = {}): Promise<FedifyPeer> {
  const received: Activity[] = []
  const deliveries: Delivery[] = []
  // One RSA key pair for every actor (each still has its own key id): generating one per actor costs a loaded machine
  // a second or more, and a delivery to a personal inbox dispatches its actor.
  const keyPair = generateCryptoKeyPair('RSASSA-PKCS1-v1_5')
  const keysOf = async () => [await keyPair]
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
    .setKeyPairsDispatcher(keysOf)
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
    if (req.method === 'POST' && body && response.ok) {
      deliveries.push({
        inbox: new URL(req.url ?? '/', origin).pathname,
        ...parsedActivity(body),
        at: performance.now(),
      })
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs))
    }
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
    deliveries,
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

function parsedActivity(body: Buffer): { id: string; type: string } {
  try {
    const json = JSON.parse(body.toString('utf8')) as { id?: unknown; type?: unknown }
    return { id: String(json.id), type: String(json.type) }
  } catch {
    return { id: '', type: '' }
  }
}
