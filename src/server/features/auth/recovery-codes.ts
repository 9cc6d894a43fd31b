import { createHash, randomInt } from 'node:crypto'

export const RECOVERY_CODE_COUNT = 10
// No 0/o, 1/l/i: easy to copy by hand. 31 symbols x 12 = ~59 bits per code, too many to guess from a leaked hash.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const LENGTH = 12

/** Fresh codes, shown once as `xxxx-xxxx-xxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`
  })
}

/** Case, spaces and dashes do not matter when typed back. */
export const normaliseRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '')

/** What is stored: a hash salted with the user's id, of the normalised code. */
export const hashRecoveryCode = (userId: string, code: string): string =>
  createHash('sha256')
    .update(`${userId}:${normaliseRecoveryCode(code)}`)
    .digest('base64url')
