import { isIPv4, isIPv6 } from 'node:net'

/** The eight 16-bit groups of an IPv6 address, expanded (`::` filled, an embedded IPv4 tail converted). */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase().split('%')[0] ?? ''
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (v4Tail?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4Tail[1].split('.').map(Number)
    text = `${text.slice(0, -v4Tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : [])
  const left = parse(head)
  const right = tail === undefined ? [] : parse(tail)
  const fill = tail === undefined ? 0 : 8 - left.length - right.length
  const groups = [...left, ...Array<number>(Math.max(fill, 0)).fill(0), ...right]
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null
}

/**
 * One key per client network for throttles: an IPv4 address as is (also when written IPv4-mapped in IPv6), an
 * IPv6 address by its /64 (one subscriber's whole prefix), in one canonical spelling whatever way it was written.
 */
export function clientNetwork(ip: string): string {
  if (isIPv4(ip)) return ip
  if (!isIPv6(ip)) return ip
  const groups = ipv6Groups(ip)
  if (!groups) return ip
  const isV4Mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff
  if (isV4Mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.')
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`
}
