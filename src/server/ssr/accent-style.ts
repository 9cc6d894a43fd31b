import { DEFAULT_SITE_IDENTITY } from '#shared/site/identity.ts'

/** Relative luminance of a #rrggbb colour (WCAG 2.x). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

/** White or near-black, whichever reads better on `hex` (contrast against white is (1.05)/(L+0.05)). */
export const textOn = (hex: string) => (1.05 / (luminance(hex) + 0.05) >= 4.5 ? '#ffffff' : '#0b1120')

const DARK = ":root[data-theme='dark']"
const SYSTEM_DARK = ":root:not([data-theme='light'])"

/**
 * The owner's accent colour as the theme's primary colour: as chosen on the light theme, and mixed with white on the
 * dark one so it stays readable on the dark background. '' for the default colour (the stylesheet already has it).
 * `hex` has passed the schema's #rrggbb check, so it is safe inside a <style> element.
 */
export function accentStyle(hex: string): string {
  if (hex.toLowerCase() === DEFAULT_SITE_IDENTITY.accentColor) return ''
  const dark = `color-mix(in oklab, ${hex} 45%, white)`
  // The tint behind the home hero and hovered links: a trace of the colour on either background.
  const lightTint = `--color-accent:color-mix(in oklab, ${hex} 8%, white);--color-accent-foreground:color-mix(in oklab, ${hex} 70%, black)`
  const darkTint = `--color-accent:color-mix(in oklab, ${hex} 25%, #0b1120);--color-accent-foreground:color-mix(in oklab, ${hex} 25%, white)`
  const darkVars = `--color-primary:${dark};--color-ring:${dark};--color-primary-foreground:#0b1120;${darkTint}`
  return [
    `<style>:root{--color-primary:${hex};--color-ring:${hex};--color-primary-foreground:${textOn(hex)};${lightTint}}`,
    `${DARK}{${darkVars}}`,
    `@media (prefers-color-scheme:dark){${SYSTEM_DARK}{${darkVars}}}</style>`,
  ].join('')
}
