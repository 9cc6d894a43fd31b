import { encodePng, type Rgb } from './png.ts'

const WIDTH = 800
const HEIGHT = 420

const hex = (color: string): Rgb => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16)) as unknown as Rgb
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * t) as unknown as Rgb

/**
 * Cover pictures for the demo posts, drawn in code (no binary assets): a diagonal gradient between two
 * colours with one of a few soft patterns, so each post looks different.
 */
export function demoCover(from: string, to: string, pattern: 'waves' | 'rings' | 'stripes'): Buffer {
  const a = hex(from)
  const b = hex(to)
  const light: Rgb = [255, 255, 255]
  return encodePng(WIDTH, HEIGHT, (x, y) => {
    const base = mix(a, b, (x / WIDTH + y / HEIGHT) / 2)
    let glow = 0
    if (pattern === 'waves') glow = Math.max(0, Math.sin(x / 38 + Math.sin(y / 60) * 2) * Math.sin(y / 45)) * 0.18
    if (pattern === 'rings') glow = (Math.sin(Math.hypot(x - WIDTH * 0.7, y - HEIGHT * 0.4) / 14) + 1) * 0.06
    if (pattern === 'stripes') glow = ((x + y) % 64 < 24 ? 0.1 : 0) * (1 - y / HEIGHT)
    return mix(base, light, glow)
  })
}
