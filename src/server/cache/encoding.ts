import { Negotiator } from '@fastify/accept-negotiator'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'

export type Encoding = 'br' | 'gzip'

const negotiator = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'] })

/** The encoding the client prefers among ours, honouring q-values (`br;q=0` refuses brotli). */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  if (!acceptEncoding) return null
  const header = (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding).toLowerCase()
  const chosen = negotiator.negotiate(header)
  return chosen === 'br' || chosen === 'gzip' ? chosen : null
}

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Compression off the event loop (libuv's thread pool): a miss never blocks other requests while it packs. */
export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 6 })
}
