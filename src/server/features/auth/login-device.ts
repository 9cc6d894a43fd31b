import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ReaderKeys } from '../../http/reader-keys.ts'

/**
 * OWASP's device cookie: a browser that has signed in to an account carries a signed token naming that account and
 * the device, and its failed logins count against the device's own budget instead of the account's. A stranger's
 * guesses then lock out only unknown devices, never the owner's browser.
 */
export const DEVICE_COOKIE = 'did'
const DEVICE_MAX_AGE_S = 400 * 24 * 60 * 60
const PREFIX = 'device:'

export type LoginDevice = { userId: string; nonce: string }

/** The device a request's cookie names, or null when it has none or its signature is not ours. */
export function readDevice(keys: ReaderKeys, request: FastifyRequest): LoginDevice | null {
  const cookie = request.cookies[DEVICE_COOKIE]
  const value = cookie ? keys.unsign(cookie) : null
  if (!value?.startsWith(PREFIX)) return null
  const [userId, nonce] = value.slice(PREFIX.length).split(':')
  return userId && nonce ? { userId, nonce } : null
}

/** After a successful login: the device keeps its token for this account, or gets a new one. */
export function rememberDevice(
  keys: ReaderKeys,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  secure: boolean,
): void {
  const known = readDevice(keys, request)
  const nonce = known?.userId === userId ? known.nonce : crypto.randomUUID()
  reply.setCookie(DEVICE_COOKIE, keys.sign(`${PREFIX}${userId}:${nonce}`), {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: DEVICE_MAX_AGE_S,
  })
}
