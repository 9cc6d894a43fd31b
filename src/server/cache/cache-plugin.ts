import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { SESSION_COOKIE } from '../http/cookies.ts'
import { themeOf } from '../http/theme.ts'
import { compress, negotiateEncoding } from './encoding.ts'
import { createResponseCache, etagOf, type CachedResponse, type ResponseCache } from './response-cache.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is the same for every anonymous visitor: keep it in the response cache. */
    publicCache?: boolean
    /**
     * The cache key of a request to this route. The default is the path alone: a route whose answer reads its query
     * string must say which parameters count (`byQuery`), so unknown ones never make new entries.
     */
    cacheKey?: (url: URL) => string
    /** A successful call of this state-changing route does not change anything a public page shows. */
    keepsPublicContent?: boolean
  }
  interface FastifyInstance {
    responseCache: ResponseCache
  }
  interface FastifyRequest {
    cacheVersion: number | null
    cacheKey: string | null
  }
}

/** A cache key made of the path and only the named query parameters, in a fixed order. */
export function byQuery(names: readonly string[]): (url: URL) => string {
  return (url) => {
    const kept = new URLSearchParams()
    for (const name of names) for (const value of url.searchParams.getAll(name)) kept.append(name, value)
    const query = kept.toString()
    return query ? `${url.pathname}?${query}` : url.pathname
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
// 301: a redirect rule's answer (only content writes change it, like a page's). Never 404: every made-up address
// would be a key of its own, and a flood of them would fill memory with pages nobody asks for again.
const CACHED_STATUSES = new Set([200, 301])

/** Keys longer than this are kept as their hash, so what the cache remembers per key does not grow with the URL. */
export const MAX_KEY_LENGTH = 256

export function boundedKey(key: string): string {
  return key.length <= MAX_KEY_LENGTH ? key : `#sha256:${createHash('sha256').update(key).digest('base64url')}`
}

function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match']
  return typeof header === 'string' && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

// Headers that belong to one response on the wire, not to the content.
const NOT_KEPT = new Set([
  'set-cookie',
  'etag',
  'content-length',
  'content-encoding',
  'vary',
  'x-cache',
  'transfer-encoding',
  'connection',
  'date',
])

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && !NOT_KEPT.has(name.toLowerCase())) kept[name] = String(value)
  }
  return kept
}

async function sendCached(cache: ResponseCache, request: FastifyRequest, reply: FastifyReply, entry: CachedResponse) {
  reply.headers(entry.headers).header('ETag', entry.etag).header('Vary', 'Accept-Encoding').header('X-Cache', 'HIT')
  if (entry.status === 200 && matchesEtag(request, entry.etag)) return reply.code(304).send()
  const encoding = negotiateEncoding(request.headers['accept-encoding'])
  reply.code(entry.status)
  if (!encoding) return reply.send(entry.raw)
  return reply.header('Content-Encoding', encoding).send(await cache.encoded(entry, encoding))
}

/** The key of a read of a public route, or null when the request may not use the cache. */
function keyOf(request: FastifyRequest): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null
  const config = request.routeOptions.config
  if (config.publicCache !== true) return null
  const url = new URL(request.url, 'http://x')
  const key = config.cacheKey ? config.cacheKey(url) : url.pathname
  // Pages differ by the reader's theme choice (the attribute on <html>); API answers do not.
  const theme = url.pathname.startsWith('/api/') ? null : themeOf(request)
  return boundedKey(theme ? `${key}#theme=${theme}` : key)
}

/**
 * Answers anonymous reads of public routes from the cache, as the first hook after cookie parsing: a hit costs no
 * security-header, origin, session or input work, because the answer was stored with every header those gave it.
 * A request with a session cookie may be an admin's (sessions are read later), so it is never answered from here.
 */
export function registerCacheLookup(app: FastifyInstance): void {
  const cache = createResponseCache(app.ctx.db, () => app.ctx.clock().getTime())
  app.decorate('responseCache', cache)
  app.decorateRequest('cacheVersion', null)
  app.decorateRequest('cacheKey', null)

  // HEAD is answered from GET's entry.
  app.addHook('onRequest', async (request, reply) => {
    const key = keyOf(request)
    if (key === null) return
    request.cacheKey = key
    request.cacheVersion = await cache.sync()
    if (request.cookies[SESSION_COOKIE] !== undefined) return
    const hit = cache.get(key)
    if (hit) return sendCached(cache, request, reply, hit)
  })
}

/**
 * Stores anonymous public answers, with the headers every earlier onSend hook gave them (so registered after the
 * security headers), and drops the cache after every successful write that changes public content.
 */
export function registerCacheStore(app: FastifyInstance): void {
  const cache = app.responseCache
  // Runs after the session hook: a signed-in admin's reads are neither shared nor stored.
  app.addHook('onRequest', async (request) => {
    if (request.user) {
      request.cacheKey = null
      request.cacheVersion = null
    }
  })

  app.addHook('onSend', async (request, reply, payload) => {
    if (STATE_CHANGING.has(request.method) && request.routeOptions.url?.startsWith('/api/') && reply.statusCode < 400) {
      if (!request.routeOptions.config.keepsPublicContent) await cache.invalidate()
      return payload
    }
    if (request.user && request.routeOptions.url?.startsWith('/api/')) {
      // Answers for a signed-in admin may hold drafts and commenters' emails: no shared or stored copies anywhere.
      reply.header('Cache-Control', 'private, no-store')
      return payload
    }
    if (
      request.method !== 'GET' ||
      request.cacheVersion === null ||
      request.cacheKey === null ||
      reply.hasHeader('x-cache')
    )
      return payload
    if (!CACHED_STATUSES.has(reply.statusCode) || reply.hasHeader('set-cookie')) return payload
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload)
    const entry = cache.set(
      request.cacheKey,
      { status: reply.statusCode, headers: keptHeaders(reply), body },
      request.cacheVersion,
    )
    reply
      .header('ETag', entry?.etag ?? etagOf(body))
      .header('Vary', 'Accept-Encoding')
      .header('X-Cache', 'MISS')
    // Only the encoding this client asked for is made now (see compress()); the others when someone asks.
    const encoding = negotiateEncoding(request.headers['accept-encoding'])
    if (!encoding || body.length < 1024) return payload
    const packed = entry ? await cache.encoded(entry, encoding) : await compress(body, encoding)
    reply.header('Content-Encoding', encoding).header('Content-Length', packed.length)
    return packed
  })
}
