import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

function markdownFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? markdownFiles(path.join(dir, e.name)) : e.name.endsWith('.md') ? [path.join(dir, e.name)] : [],
    )
}

describe('the repository stands alone', () => {
  it('README and docs never point outside the repository', () => {
    for (const file of ['README.md', ...markdownFiles('docs')]) {
      expect(fs.readFileSync(file, 'utf8'), file).not.toMatch(/\.\.\/shared|\.\.\/\.\.\//)
    }
  })

  it('every relative link in README and docs leads to a file that exists', () => {
    for (const file of ['README.md', ...markdownFiles('docs')]) {
      for (const [, target] of fs.readFileSync(file, 'utf8').matchAll(/\]\(((?!https?:|#|mailto:)[^)\s]+)\)/g)) {
        expect(fs.existsSync(path.join(path.dirname(file), target!.split('#')[0]!)), `${file} → ${target}`).toBe(true)
      }
    }
  })
})
