import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The blog is MIT: nothing it runs with may carry a copyleft licence (docs/decisions/160).

const COPYLEFT =
  /^(AGPL|GPL|LGPL|MPL|EUPL|SSPL|CC-BY-SA|CC-BY-NC-SA|OSL|EPL|CDDL|CPAL|RPL|MS-RL|Sleepycat|CECILL|ODbL)\b/i

/**
 * libvips, the image library inside sharp, is LGPL: a shared library that sharp loads at run time and that anyone
 * may replace, which the LGPL permits under any licence. Its package name names the platform.
 */
const ALLOWED = [{ name: /^@img\/sharp-libvips-/, licence: 'LGPL-3.0-or-later' }]

type Manifest = {
  name: string
  license?: string | { type: string }
  licenses?: { type: string }[]
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}

/** The licence a package.json declares, as one SPDX expression ('' when it declares none). */
function declaredLicence(manifest: Manifest): string {
  if (typeof manifest.license === 'string') return manifest.license
  if (manifest.license) return manifest.license.type
  return (manifest.licenses ?? []).map((l) => l.type).join(' OR ')
}

/** Whether an SPDX expression lets us use the package without copyleft: some alternative with no copyleft part. */
function permitsUseWithoutCopyleft(expression: string): boolean {
  if (!expression.trim() || /^(UNLICENSED|SEE LICENSE)/i.test(expression.trim())) return false
  return expression
    .replace(/[()]/g, ' ')
    .split(/\s+OR\s+/i)
    .some((alternative) =>
      alternative
        .split(/\s+AND\s+/i)
        .every((part) => part.trim() !== '' && !COPYLEFT.test(part.trim().replace(/^\(/, ''))),
    )
}

/** Every package installed for `dependencies`, followed transitively the way Node resolves them. */
function runtimePackages(root: string): Map<string, Manifest> {
  const found = new Map<string, Manifest>()
  const resolve = (name: string, from: string): string | null => {
    for (let dir = from; ; dir = path.dirname(dir)) {
      const file = path.join(dir, 'node_modules', name, 'package.json')
      if (fs.existsSync(file)) return file
      if (path.dirname(dir) === dir) return null
    }
  }
  const visit = (name: string, from: string, optional: boolean) => {
    const file = resolve(name, from)
    if (!file) {
      // Optional dependencies for other platforms are not installed.
      if (optional) return
      throw new Error(`${name} is a runtime dependency but is not installed: run npm install`)
    }
    if (found.has(file)) return
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest
    found.set(file, manifest)
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, path.dirname(file), false)
    for (const dep of Object.keys(manifest.optionalDependencies ?? {})) visit(dep, path.dirname(file), true)
  }
  const own = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest
  for (const dep of Object.keys(own.dependencies ?? {})) visit(dep, root, false)
  return found
}

describe('licences', () => {
  it('the blog is MIT', () => {
    const own = JSON.parse(fs.readFileSync('package.json', 'utf8')) as Manifest
    expect(own.license).toBe('MIT')
    expect(fs.readFileSync('LICENSE', 'utf8')).toMatch(/^MIT License\n/)
  })

  it('no runtime dependency, however deep, carries a copyleft licence', () => {
    const packages = runtimePackages('.')
    expect(packages.size).toBeGreaterThan(
      Object.keys(JSON.parse(fs.readFileSync('package.json', 'utf8')).dependencies).length,
    )
    const refused = [...packages.values()]
      .filter((m) => !ALLOWED.some((a) => a.name.test(m.name) && a.licence === declaredLicence(m)))
      .filter((m) => !permitsUseWithoutCopyleft(declaredLicence(m)))
      .map((m) => `${m.name}: ${declaredLicence(m) || 'no licence declared'}`)
    expect(refused).toEqual([])
  })

  it.each([
    ['MIT', true],
    ['(MIT OR GPL-3.0)', true],
    ['Apache-2.0 AND BSD-3-Clause', true],
    ['BlueOak-1.0.0', true],
    ['GPL-2.0-only', false],
    ['AGPL-3.0', false],
    ['LGPL-3.0-or-later', false],
    ['MPL-2.0', false],
    ['EUPL-1.2', false],
    ['SSPL-1.0', false],
    ['CC-BY-SA-4.0', false],
    ['MIT AND GPL-3.0', false],
    ['(GPL-2.0 OR MPL-1.1)', false],
    ['', false],
    ['UNLICENSED', false],
  ])('%j permits use without copyleft: %s', (expression, expected) => {
    expect(permitsUseWithoutCopyleft(expression)).toBe(expected)
  })

  it('reads the old licences array and the object form', () => {
    expect(declaredLicence({ name: 'a', licenses: [{ type: 'MIT' }, { type: 'GPL-2.0' }] })).toBe('MIT OR GPL-2.0')
    expect(declaredLicence({ name: 'b', license: { type: 'GPL-3.0' } })).toBe('GPL-3.0')
  })
})
