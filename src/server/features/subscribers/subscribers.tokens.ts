import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** A confirmation token: random, given out once in the email; only its sha-256 is stored. */
export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/**
 * Unsubscribe links are `<subscriber id>.<HMAC>`, signed with a server secret: every email can carry one without
 * storing a token per subscriber, and a forged or altered one names nobody.
 */
export function unsubscribeTokens(secret: Buffer) {
  const mac = (id: string) => createHmac('sha256', secret).update(`unsubscribe|${id}`).digest('base64url')
  return {
    sign: (subscriberId: string) => `${subscriberId}.${mac(subscriberId)}`,
    /** The subscriber id the token was signed for, or null. */
    verify: (token: string): string | null => {
      const dot = token.lastIndexOf('.')
      if (dot <= 0 || token.length > 200) return null
      const id = token.slice(0, dot)
      const expected = Buffer.from(mac(id))
      const given = Buffer.from(token.slice(dot + 1))
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null
    },
  }
}

export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>
