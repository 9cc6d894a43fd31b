import { ReferrerParser } from '@tryghost/referrer-parser'
import Bowser from 'bowser'

/** What one counted view adds to, per dimension; the reader's own details are dropped right here. */
export type ViewFacts = Record<Dimension, string | null>
export type Dimension = 'source' | 'referrer' | 'utm_source' | 'utm_medium' | 'utm_campaign' | 'device' | 'browser'
export const DIMENSIONS: readonly Dimension[] = [
  'source',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'device',
  'browser',
]

/** Longest value kept (a host or UTM value); longer ones are cut. */
export const VALUE_MAX = 80

export type ViewInput = {
  /** The beacon's `document.referrer`, or the `Referer` header when the beacon sent none. */
  referrer: string | undefined
  /** The query string of the page the reader landed on (`?utm_source=…`). */
  landingQuery: string | undefined
  userAgent: string | undefined
}

/** Printable text only, trimmed and cut: binary, control characters and 10 KB values never reach storage whole. */
export function cleanValue(raw: string | null | undefined): string | null {
  if (!raw) return null
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const printable = raw.replace(/[\u0000-\u001f\u007f-\u009f\ufffd\ud800-\udfff]/g, '').trim()
  return printable ? printable.slice(0, VALUE_MAX) : null
}

function landingParams(query: string | undefined): URLSearchParams {
  if (!query) return new URLSearchParams()
  try {
    return new URLSearchParams(query.slice(0, 2000))
  } catch {
    return new URLSearchParams()
  }
}

/** Only http(s) referrers have a host worth keeping; `javascript:`, `data:` and garbage count as direct. */
function referrerHost(referrer: string | undefined): string | null {
  if (!referrer || referrer.length > 4096) return null
  try {
    const url = new URL(referrer)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase() : null
  } catch {
    return null
  }
}

/** Mastodon and its kin run on many hosts; these names and the parser's own "Mastodon" mark the fediverse. */
const FEDIVERSE = /mastodon|mstdn|fosstodon|masto\.|pleroma|misskey|akkoma|pixelfed|lemmy|kbin/i

export function createClassifier(siteUrl: string) {
  const parser = new ReferrerParser({ siteUrl })
  const siteHost = referrerHost(siteUrl)

  return function classify(input: ViewInput): ViewFacts {
    const params = landingParams(input.landingQuery)
    const utmSource = cleanValue(params.get('utm_source'))
    const host = referrerHost(input.referrer)
    const external = host && host !== siteHost ? host : null
    const parsed = external ? parser.parse(`https://${external}/`) : null
    const named = cleanValue(parsed?.referrerSource)
    let source: string
    if (utmSource?.toLowerCase() === 'newsletter') source = 'Newsletter'
    else if (!external) source = 'Direct'
    else if (named === 'Mastodon' || (named === external && FEDIVERSE.test(external))) source = 'Fediverse'
    else source = named ?? external

    const agent = Bowser.parse((input.userAgent ?? '').slice(0, 1000))
    const type = agent.platform.type
    return {
      source: cleanValue(source),
      referrer: cleanValue(external),
      utm_source: utmSource,
      utm_medium: cleanValue(params.get('utm_medium')),
      utm_campaign: cleanValue(params.get('utm_campaign')),
      device: type === 'mobile' || type === 'tablet' ? type : 'desktop',
      browser: cleanValue(agent.browser.name) ?? 'Other',
    }
  }
}
