import { describe, expect, it } from 'vitest'
import { clientNetwork } from './client-ip.ts'

describe('clientNetwork', () => {
  it('keeps IPv4 addresses as they are', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7')
  })

  it('reads IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(clientNetwork('::FFFF:cb00:7107')).toBe('203.0.113.7')
  })

  it('gives every spelling of one IPv6 address the same key', () => {
    const spellings = [
      '2001:db8::1',
      '2001:0db8:0000:0000:0000:0000:0000:0001',
      '2001:DB8:0:0::1',
      '2001:db8:0:0:0:0:0:1',
    ]
    expect(new Set(spellings.map(clientNetwork))).toEqual(new Set(['2001:db8:0:0::/64']))
  })

  it('groups IPv6 addresses by their /64', () => {
    expect(clientNetwork('2001:db8:aa:bb:1::1')).toBe(clientNetwork('2001:db8:aa:bb:ffff:ffff:ffff:ffff'))
    expect(clientNetwork('2001:db8:aa:bb::1')).not.toBe(clientNetwork('2001:db8:aa:bc::1'))
  })

  it('drops a zone index', () => {
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  })

  it('leaves anything that is not an address unchanged', () => {
    expect(clientNetwork('unknown')).toBe('unknown')
  })
})
