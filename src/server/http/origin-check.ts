import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`
}

/**
 * State-changing /api/ requests must come from our own pages. Browsers always send Sec-Fetch-Site or
 * Origin on such requests; a client that sends neither (curl, a script) is not a browser and carries
 * no ambient credentials of a visitor, so it is let through.
 */
export function isSameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const fetchSite = request.headers['sec-fetch-site']
  if (typeof fetchSite === 'string') return fetchSite === 'same-origin' || fetchSite === 'none'
  const origin = request.headers.origin
  if (typeof origin === 'string') return origin === new URL(publicUrl).origin || origin === requestOrigin(request)
  return true
}

/**
 * Decided on the route the router matched, never on the raw URL: `/%61pi/posts` or an absolute-form target reach
 * the same handler as `/api/posts`, and get the same check.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.routeOptions.url?.startsWith('/api/')) return
    if (!isSameOrigin(request, publicUrl)) throw new AppError(403, 'Cross-site request refused')
  })
}
