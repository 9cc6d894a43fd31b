import type { FastifyInstance } from 'fastify'

/** Nothing but HTML pages may load or run anything; pages set their own, wider CSP (src/server/ssr/pages.ts). */
const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox"

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff')
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    reply.header('X-Frame-Options', 'DENY')
    reply.header('Cross-Origin-Opener-Policy', 'same-origin')
    const type = String(reply.getHeader('content-type') ?? '')
    if (!reply.hasHeader('content-security-policy') && !type.startsWith('text/html')) {
      reply.header('Content-Security-Policy', NON_HTML_CSP)
    }
    return payload
  })
}
