import type { FastifyReply, FastifyRequest } from 'fastify'
import type { App } from '../../context.ts'
import { readerFirstPacer } from '../../http/reader-first-pacer.ts'
import { takeOrThrow } from '../rate-limit/rate-limit.service.ts'
import { setPostAnnouncer } from './fediverse-posts.service.ts'
import type { BlogFederation } from './fediverse.federation.ts'
import { loadFedify } from './fediverse-loader.ts'
import { announcePendingPosts, announcePost } from './fediverse.service.ts'
import { readSettings } from './fediverse-state.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The Fedify federation, built (and its queue worker started) the first time it is asked for (loadFedify). */
    federation: () => Promise<BlogFederation>
  }
}

const WELL_KNOWN = new Set(['/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/2.1'])
const ACTIVITY_TYPES = /application\/(activity\+json|ld\+json)/i

/**
 * Whether Fedify serves this request: its well-known paths, everything under /fediverse/, and a post URL asked for
 * as ActivityStreams. Everything else (every reader page) goes straight on to Fastify's routes.
 */
export function isFederationRequest(method: string, url: string, accept: string | undefined): boolean {
  const path = url.split('?', 1)[0]!
  if (WELL_KNOWN.has(path) || path.startsWith('/fediverse/')) return true
  return (method === 'GET' || method === 'HEAD') && path.startsWith('/blog/') && ACTIVITY_TYPES.test(accept ?? '')
}

/** The request body, or null when it is larger than `limit` bytes. */
async function readBody(request: FastifyRequest, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length
    if (size > limit) return null
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

function toWebRequest(request: FastifyRequest, origin: string, body: Buffer | null): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    body: body && body.length > 0 ? new Uint8Array(body) : undefined,
  })
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer())
  reply.status(response.status)
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'transfer-encoding') reply.header(name, value)
  })
  reply.send(body)
}

export type FediverseOptions = {
  allowPrivateAddress: boolean
  bodyLimit: number
  /** Activities a minute one network may POST (FEDIVERSE_INBOX_PER_NETWORK). */
  inboxPerNetwork: number
  queuePollMs?: number
}

const MINUTE = 60_000
/**
 * Messages a second the queue starts while readers keep the server busy. One delivery costs the blog tens of
 * milliseconds of CPU (signing, sending, answering the receiving server's fetch of the actor and its keys), far more
 * than a newsletter email, and the receiving servers share the machine in the benchmark; at 2 a second the cached
 * page kept 0.76–1.1 of its throughput, at 1 a second 0.71–1.4 (docs/performance.md), well inside the 60 s target.
 */
export const FEDIVERSE_BUSY_RATE = 1

/**
 * Mounts Fedify in front of Fastify's routes (what @fedify/fastify would do): a request Fedify serves is turned into
 * a WHATWG Request for federation.fetch() and its Response sent back; one it does not know (404/406) goes on to the
 * routes. Registered before the response cache, so an ActivityStreams request for a post never gets the cached HTML
 * page; its answers never touch the cache (they are not API writes). With federation switched off nothing is passed.
 * Fedify is loaded (loadFedify) and the federation built the first time it is needed while the fediverse is on: at
 * ready if it is on, when it is switched on, on a federation request, an announcement or an admin's removal or block;
 * from then on the instance runs the queue worker, paced by the reader traffic (readers first, as the newsletter's
 * worker). Posts changed through the posts service are announced from here.
 * Inbox POSTs count against a per-network throttle in the database, like the API's writes (429 past it); the inbox
 * never drops the response cache (it is not an /api/ write).
 */
export function registerFediverse(app: App, opts: FediverseOptions): void {
  // Readers are every request but the federation's own (counted by the hook below): the servers fetching the actor
  // after a delivery are its echo, and counting them would slow deliveries when no reader is there.
  let readers = 0
  const pace = readerFirstPacer(() => readers, FEDIVERSE_BUSY_RATE)
  const stop = new AbortController()
  let worker: Promise<void> | null = null
  let built: Promise<BlogFederation> | null = null
  const federation = () => {
    built ??= loadFedify().then(({ buildFederation }) => {
      const made = buildFederation(app.ctx, { ...opts, pace }).federation
      if (!stop.signal.aborted)
        worker = made.startQueue(app.ctx, { signal: stop.signal }).catch((err: unknown) => {
          app.log.error({ err }, 'the fediverse queue worker stopped')
        })
      return made
    })
    return built
  }
  app.decorate('federation', federation)
  setPostAnnouncer(app.ctx.db, (postId) => announcePost(app.ctx, federation, postId, app.log))

  let catchUp: Promise<unknown> | null = null
  app.addHook('onReady', async () => {
    // Fedify is loaded now only if the fediverse is on; otherwise when it is switched on (the settings route).
    if ((await readSettings(app.ctx.db)).enabled) await federation()
    // Posts changed before a kill and not yet announced (their marks survived it; with the fediverse off they are
    // settled without loading Fedify).
    catchUp = announcePendingPosts(app.ctx, federation, app.log).catch((err: unknown) => {
      app.log.error({ err }, 'could not announce the posts changed before the last stop')
    })
  })
  app.addHook('onClose', async () => {
    setPostAnnouncer(app.ctx.db, null)
    await catchUp
    stop.abort()
    await built?.catch(() => {})
    await worker
  })

  /** Serves a federation request; false when it goes on to the routes. */
  async function serveFederation(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (!(await readSettings(app.ctx.db)).enabled) return false
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
    // Counted before the body is read or a signature checked, so a flood costs one upsert a request.
    if (hasBody) {
      const now = app.ctx.clock()
      const bucket = `inbox:${app.ctx.keys.network(request.ip, now)}`
      await takeOrThrow(app.ctx.db, [bucket], { limit: opts.inboxPerNetwork, windowMs: MINUTE }, now)
    }
    const body = hasBody ? await readBody(request, opts.bodyLimit) : null
    if (hasBody && body === null) {
      reply.status(413).send({ error: 'Activity too large' })
      return true
    }
    const fedify = await federation()
    const passOn = new Response(null, { status: 404 })
    let response: Response
    try {
      response = await fedify.fetch(toWebRequest(request, app.ctx.env.publicUrl, body), {
        contextData: app.ctx,
        onNotFound: () => passOn,
        onNotAcceptable: () => passOn,
      })
    } catch (err) {
      request.log.warn({ err }, 'federation request refused')
      reply.status(400).send({ error: 'Bad federation request' })
      return true
    }
    if (response === passOn) {
      if (hasBody) reply.status(404).send({ error: 'Not found' })
      return hasBody
    }
    if (response.status >= 500) {
      request.log.warn({ status: response.status }, 'federation request failed')
      reply.status(400).send({ error: 'Bad federation request' })
      return true
    }
    await sendWebResponse(reply, response)
    return true
  }

  // Callback style, so a reader's request (nearly every one, cached pages included) costs no promise here.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isFederationRequest(request.method, request.url, request.headers.accept)) {
      readers++
      return done()
    }
    serveFederation(request, reply).then((sent) => {
      if (!sent) done()
    }, done)
  })
}
