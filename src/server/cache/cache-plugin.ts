import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createResponseCache, etagOf, type CachedResponse, type ResponseCache } from './response-cache.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is the same for every anonymous visitor: keep it in the response cache. */
    publicCache?: boolean
    /** A successful call of this state-changing route does not change anything a public page shows. */
    keepsPublicContent?: boolean
  }
  interface FastifyInstance {
    responseCache: ResponseCache
  }
  interface FastifyRequest {
    cacheVersion: number | null
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

function pickEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '')
  if (/\bbr\b/.test(accepted)) return 'br'
  if (/\bgzip\b/.test(accepted)) return 'gzip'
  return null
}

function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match']
  return typeof header === 'string' && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

// Headers that belong to one response on the wire, not to the content.
const NOT_KEPT = new Set(['set-cookie', 'etag', 'content-length', 'content-encoding', 'vary', 'x-cache', 'transfer-encoding', 'connection', 'date'])

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && !NOT_KEPT.has(name.toLowerCase())) kept[name] = String(value)
  }
  return kept
}

function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse) {
  reply.headers(entry.headers).header('ETag', entry.etag).header('Vary', 'Accept-Encoding').header('X-Cache', 'HIT')
  if (entry.status === 200 && matchesEtag(request, entry.etag)) return reply.code(304).send()
  const encoding = pickEncoding(request)
  reply.code(entry.status)
  if (encoding) reply.header('Content-Encoding', encoding)
  return reply.send(encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.raw)
}

const isAnonymousRead = (request: FastifyRequest) =>
  request.method === 'GET' && !request.user && request.routeOptions.config.publicCache === true

/** The cache around public reads, and invalidation after every successful write that changes public content. */
export function registerResponseCache(app: FastifyInstance): void {
  const cache = createResponseCache(app.ctx.db, () => app.ctx.clock().getTime())
  app.decorate('responseCache', cache)
  app.decorateRequest('cacheVersion', null)

  // Runs after the session hook (registered earlier), so request.user is known.
  app.addHook('onRequest', async (request, reply) => {
    if (!isAnonymousRead(request)) return
    request.cacheVersion = await cache.sync()
    const hit = cache.get(request.url)
    if (hit) return sendCached(request, reply, hit)
  })

  app.addHook('onSend', async (request, reply, payload) => {
    if (STATE_CHANGING.has(request.method) && request.url.startsWith('/api/') && reply.statusCode < 400) {
      if (!request.routeOptions.config.keepsPublicContent) await cache.invalidate()
      return payload
    }
    if (request.cacheVersion === null || reply.hasHeader('x-cache')) return payload
    if ((reply.statusCode !== 200 && reply.statusCode !== 404) || reply.hasHeader('set-cookie')) return payload
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload)
    const entry = cache.set(request.url, { status: reply.statusCode, headers: keptHeaders(reply), body }, request.cacheVersion)
    reply.header('ETag', entry?.etag ?? etagOf(body)).header('Vary', 'Accept-Encoding').header('X-Cache', 'MISS')
    return payload
  })
}
