import { describe, expect, it } from 'vitest'
import { EXTERNAL_PATH_ERROR, leadsBackTo, normaliseSitePath, requestPathKeys } from './site-path.ts'

const SITE = 'https://blog.example'

describe('site paths for redirect rules', () => {
  it('normalises paths: trailing slash, fragment, encoding; keeps the query', () => {
    expect(normaliseSitePath(' /old-page/ ', SITE)).toEqual({ ok: true, path: '/old-page' })
    expect(normaliseSitePath('/?p=123', SITE)).toEqual({ ok: true, path: '/?p=123' })
    expect(normaliseSitePath('/a b#top', SITE)).toEqual({ ok: true, path: '/a%20b' })
    expect(normaliseSitePath('/', SITE)).toEqual({ ok: true, path: '/' })
    expect(normaliseSitePath('https://blog.example/blog/x?y=1', SITE)).toEqual({ ok: true, path: '/blog/x?y=1' })
  })

  it('refuses other sites and anything that is not a path', () => {
    for (const input of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'http://blog.example:8080/x',
    ]) {
      expect(normaliseSitePath(input, SITE).ok, input).toBe(false)
    }
    expect(normaliseSitePath('', SITE)).toEqual({ ok: false, error: 'Path is required' })
    expect(normaliseSitePath(`/${'a'.repeat(600)}`, SITE).ok).toBe(false)
  })

  it('refuses paths that dot segments, backslashes, encoded or repeated slashes turn into another site', () => {
    for (const input of [
      '/a/..//evil.example',
      '/.//evil.example',
      '/x/%2e%2e//evil.example',
      '/./..//evil.example',
      'https://blog.example//evil.example',
      '\\\\evil.example',
      '/%2f%2fevil.example',
      '/%5C/evil.example',
      '/\t/evil.example',
      'data:text/html,x',
    ]) {
      expect(normaliseSitePath(input, SITE), input).toEqual({ ok: false, error: EXTERNAL_PATH_ERROR })
    }
  })

  it('tidies what stays on the site: dot segments, repeated and encoded slashes inside the path', () => {
    expect(normaliseSitePath('/blog/x/../y//z/', SITE)).toEqual({ ok: true, path: '/blog/y/z' })
    expect(normaliseSitePath('/a%2Fb?next=//evil.example', SITE)).toEqual({
      ok: true,
      path: '/a/b?next=//evil.example',
    })
  })

  it('calls a rule a loop when its target is its own path, with or without a query', () => {
    expect(leadsBackTo('/q-loop', '/q-loop?a=1')).toBe(true)
    expect(leadsBackTo('/l2', '/l2?z=1')).toBe(true)
    expect(leadsBackTo('/?p=123', '/')).toBe(false)
    expect(leadsBackTo('/a', '/b?a')).toBe(false)
  })

  it('looks a request up by its exact address first, then by its path alone', () => {
    expect(requestPathKeys('/old/?utm=1')).toEqual(['/old?utm=1', '/old'])
    expect(requestPathKeys('/?p=123')).toEqual(['/?p=123', '/'])
    expect(requestPathKeys('/blog/x')).toEqual(['/blog/x'])
  })
})
