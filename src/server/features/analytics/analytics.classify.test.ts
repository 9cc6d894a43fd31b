import { describe, expect, it } from 'vitest'
import { createClassifier, VALUE_MAX } from './analytics.classify.ts'

const classify = createClassifier('https://blog.example')
const FIREFOX_DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const CHROME_TABLET =
  'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

const facts = (referrer?: string, landingQuery?: string, userAgent = FIREFOX_DESKTOP) =>
  classify({ referrer, landingQuery, userAgent })

describe('what a view records', () => {
  it('groups the referring host into a source, keeping only the host', () => {
    expect(facts('https://www.google.com/search?q=secret+words')).toMatchObject({
      source: 'Google',
      referrer: 'www.google.com',
    })
    expect(facts('https://t.co/abc')).toMatchObject({ source: 'Twitter', referrer: 't.co' })
    expect(facts('https://mastodon.social/@someone/123')).toMatchObject({ source: 'Fediverse' })
    expect(facts('https://fosstodon.org/@a/1')).toMatchObject({ source: 'Fediverse', referrer: 'fosstodon.org' })
    expect(facts('https://friend.example/post?id=7')).toMatchObject({
      source: 'friend.example',
      referrer: 'friend.example',
    })
    expect(facts(undefined)).toMatchObject({ source: 'Direct', referrer: null })
    expect(facts('https://blog.example/other-post')).toMatchObject({ source: 'Direct', referrer: null })
  })

  it('reads UTM values from the landing query, and our newsletter is its own source', () => {
    expect(facts(undefined, '?utm_source=newsletter&utm_medium=email&utm_campaign=march')).toEqual(
      expect.objectContaining({
        source: 'Newsletter',
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'march',
      }),
    )
    expect(facts('https://www.google.com/', '?utm_campaign=spring')).toMatchObject({
      source: 'Google',
      utm_campaign: 'spring',
      utm_source: null,
    })
  })

  it('tells device class and browser family', () => {
    expect(facts(undefined, undefined, FIREFOX_DESKTOP)).toMatchObject({ device: 'desktop', browser: 'Firefox' })
    expect(facts(undefined, undefined, SAFARI_IPHONE)).toMatchObject({ device: 'mobile', browser: 'Safari' })
    expect(facts(undefined, undefined, CHROME_TABLET)).toMatchObject({ device: 'tablet', browser: 'Chrome' })
    expect(facts(undefined, undefined, '\u0000\u0001garbage')).toMatchObject({ device: 'desktop', browser: 'Other' })
  })

  it('stores long, binary and javascript: input cut or not at all', () => {
    expect(facts('javascript:alert(1)')).toMatchObject({ source: 'Direct', referrer: null })
    expect(facts(`https://${'a'.repeat(10_000)}.example/`)).toMatchObject({ source: 'Direct', referrer: null })
    const long = facts(undefined, `?utm_campaign=${'x'.repeat(10_000)}&utm_medium=%00%01%02`)
    expect(long.utm_campaign).toHaveLength(VALUE_MAX)
    expect(long.utm_medium).toBeNull()
    expect(facts(undefined, '?utm_source=%3Cscript%3E%00').utm_source).toBe('<script>')
  })
})
