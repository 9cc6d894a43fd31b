import fastifyHelmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/** Nothing but HTML pages may load or run anything; pages set their own, wider CSP (src/server/ssr/pages.ts). */
const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox"
/**
 * Powerful browser features no page of the blog uses. Only names browsers know: an unknown one (`bluetooth`) makes
 * Chromium log a warning on every page.
 */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), browsing-topics=()'

/**
 * Helmet's headers on every answer (errors and cached answers too, set before anything can reply), HSTS only when
 * the site is served over https. The CSP stays ours: per page in ssr/pages.ts, the strictest one for everything else.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: false,
    hsts: opts.https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  })
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY)
    // Uploaded images may be shown by feed readers and other sites; everything else stays same-origin.
    if (request.url.startsWith('/uploads/')) reply.header('Cross-Origin-Resource-Policy', 'cross-origin')
    const type = String(reply.getHeader('content-type') ?? '')
    if (!reply.hasHeader('content-security-policy') && !type.startsWith('text/html'))
      reply.header('Content-Security-Policy', NON_HTML_CSP)
    return payload
  })
}
