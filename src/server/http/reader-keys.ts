import { createHmac, timingSafeEqual } from 'node:crypto'
import { clientNetwork } from './client-ip.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Keys derived from the server secret that stand for a reader without identifying them: nothing raw (no IP, no
 * user agent) is ever stored. Hashes of IPs are keyed by the UTC day, so yesterday's cannot be linked to today's.
 */
export function readerKeys(secret: Buffer) {
  const mac = (text: string) => createHmac('sha256', secret).update(text).digest('base64url')
  const dayOf = (now: Date) => Math.floor(now.getTime() / DAY_MS)

  return {
    /** The client's network (IPv4 address or IPv6 /64), hashed with today's key. */
    network: (ip: string, now: Date) => mac(`net|${dayOf(now)}|${clientNetwork(ip)}`).slice(0, 22),
    /** A cookie-less reader: network and user agent, hashed with today's key. */
    anonymousReader: (ip: string, userAgent: string, now: Date) =>
      mac(`reader|${dayOf(now)}|${clientNetwork(ip)}|${userAgent}`).slice(0, 22),
    /** `<id>.<signature>` for a cookie value. */
    sign: (value: string) => `${value}.${mac(`cookie|${value}`).slice(0, 27)}`,
    /** The signed value, or null when the signature is missing or wrong. */
    unsign: (signed: string): string | null => {
      const dot = signed.lastIndexOf('.')
      if (dot <= 0) return null
      const value = signed.slice(0, dot)
      const expected = Buffer.from(mac(`cookie|${value}`).slice(0, 27))
      const given = Buffer.from(signed.slice(dot + 1))
      return given.length === expected.length && timingSafeEqual(given, expected) ? value : null
    },
  }
}

export type ReaderKeys = ReturnType<typeof readerKeys>
