import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The README's pictures are files in the tree that `npm run screenshots` makes again from the production build.

const readme = fs.readFileSync('README.md', 'utf8')
const images = [...readme.matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)].map(([, alt, src]) => ({ alt: alt!, src: src! }))

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = fs.readFileSync(file)
  expect(bytes.subarray(0, 8).toString('hex'), `${file} is a PNG`).toBe('89504e470d0a1a0a')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

describe('README pictures', () => {
  it('shows the reader and the editor, each with alt text', () => {
    expect(images.map((i) => path.basename(i.src)).sort()).toEqual(['editor.png', 'reader.png'])
    for (const image of images) expect(image.alt.trim(), image.src).not.toBe('')
  })

  it.each(images.map((i) => i.src))('%s is a desktop-width PNG in docs/screenshots', (src) => {
    expect(path.dirname(src)).toBe('docs/screenshots')
    expect(pngSize(src).width).toBe(1280)
  })

  it('are made by `npm run screenshots`, which the README names', () => {
    const scripts = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts
    expect(scripts.screenshots).toContain('scripts/screenshots.mjs')
    const script = fs.readFileSync('scripts/screenshots.mjs', 'utf8')
    for (const image of images) expect(script).toContain(path.basename(image.src))
    expect(readme).toContain('`npm run screenshots`')
  })
})
