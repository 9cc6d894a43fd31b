import { Secret, TOTP } from 'otpauth'
import qrcode from 'qrcode-generator'
import { DEFAULT_SITE_IDENTITY } from '#shared/site/identity.ts'

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps; one step either side accepted. */
const PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const
const WINDOW = 1

/** A new random 160-bit secret, base32 (what the admin types into an app that cannot scan). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32

/** The otpauth:// URI an authenticator app scans. */
export function totpUri(secret: string, account: string): string {
  return new TOTP({
    ...PARAMS,
    issuer: DEFAULT_SITE_IDENTITY.title,
    label: account,
    secret: Secret.fromBase32(secret),
  }).toString()
}

/** The time step a code is valid for (now, or one step either side), or null when it matches none. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime()
  const delta = TOTP.validate({ ...PARAMS, token: code, secret: Secret.fromBase32(secret), timestamp, window: WINDOW })
  return delta === null ? null : TOTP.counter({ period: PARAMS.period, timestamp }) + delta
}

/** The code an authenticator shows at `now` (for tests). */
export const totpCode = (secret: string, now: Date): string =>
  TOTP.generate({ ...PARAMS, secret: Secret.fromBase32(secret), timestamp: now.getTime() })

/** The URI as a QR code in an SVG data URL: made on the server, so the admin bundle carries no QR encoder. */
export function qrCodeDataUrl(text: string): string {
  const qr = qrcode(0, 'M')
  qr.addData(text)
  qr.make()
  const svg = qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
