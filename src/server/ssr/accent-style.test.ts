import { describe, expect, it } from 'vitest'
import { accentStyle, textOn } from './accent-style.ts'

describe('accent style', () => {
  it('adds nothing for the default colour, which the stylesheet already has', () => {
    expect(accentStyle('#1d4ed8')).toBe('')
    expect(accentStyle('#1D4ED8')).toBe('')
  })

  it("makes the owner's colour the primary colour on both themes", () => {
    const css = accentStyle('#b91c1c')
    expect(css).toMatch(/^<style>:root\{--color-primary:#b91c1c;/)
    expect(css).toContain(":root[data-theme='dark']{--color-primary:color-mix(in oklab, #b91c1c 45%, white)")
    expect(css).toContain("@media (prefers-color-scheme:dark){:root:not([data-theme='light']){--color-primary:")
    expect(css.endsWith('</style>')).toBe(true)
  })

  it('writes on the colour in white or near-black, whichever has the contrast', () => {
    expect(textOn('#b91c1c')).toBe('#ffffff')
    expect(textOn('#1d4ed8')).toBe('#ffffff')
    expect(textOn('#facc15')).toBe('#0b1120')
    expect(textOn('#ffffff')).toBe('#0b1120')
  })
})
