import type { FastifyInstance } from 'fastify'

const SECRET_PARAM = /pass|token|secret|key|sid|session|code|auth|email/i

/** Path and query, with the value of any parameter that could be a secret replaced. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?')
  if (at === -1) return url
  const params = new URLSearchParams(url.slice(at + 1))
  for (const name of [...params.keys()]) if (SECRET_PARAM.test(name)) params.set(name, '[redacted]')
  const query = params.toString()
  return query ? `${url.slice(0, at)}?${query}` : url.slice(0, at)
}

/** Pino's loggers say which levels they write; Fastify's stand-in when logging is off does not (and writes nothing). */
type LevelAware = { isLevelEnabled?: (level: string) => boolean }

/**
 * One structured line per request (Fastify's own request logging is off: it logs at both ends and would
 * include more than we want). Headers, cookies and bodies are never logged.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    // At LOG_LEVEL=warn (or with no logger) the line would be dropped: skip building it on every request.
    if (!(request.log as LevelAware).isLevelEnabled?.('info')) return
    request.log.info(
      {
        method: request.method,
        url: loggableUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    )
  })
}
