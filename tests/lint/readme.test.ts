import fs from 'node:fs'
import { describe, expect, it } from 'vitest'

// The README is for people who run the blog: short, true to the code, and free of the project's own history.

const readme = fs.readFileSync('README.md', 'utf8')
/** Every variable the server's environment schema reads (src/server/env.ts). */
const envVariables = [...fs.readFileSync('src/server/env.ts', 'utf8').matchAll(/^ {2}([A-Z][A-Z0-9_]+): z\b/gm)].map(
  ([, name]) => name!,
)

describe('README', () => {
  it('stays short', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(350)
  })

  it('gives the two commands and the Node.js it needs', () => {
    expect(readme).toContain('npm install && npm start')
    expect(readme).toContain('\nnpm test\n')
    expect(readme).toContain('Node.js 22 LTS (22.12 or newer) and npm')
    expect(JSON.parse(fs.readFileSync('package.json', 'utf8')).engines.node).toBe('>=22.12')
  })

  it('documents every environment variable the server reads', () => {
    expect(envVariables.length).toBeGreaterThanOrEqual(16)
    for (const name of envVariables) expect(readme, name).toContain(`\`${name}\``)
  })

  it('names no issue, no session date and nothing outside the repository', () => {
    expect(readme).not.toMatch(/\bissues? #?\d|#\d+\b/i)
    expect(readme).not.toMatch(
      /\b(January|February|March|April|May|June|July|August|September|October|November|December) \d/,
    )
    expect(readme).not.toContain('../')
  })
})
