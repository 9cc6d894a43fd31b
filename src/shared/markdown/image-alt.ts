const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Brackets and backslashes in alt text would end or bend the markdown image: escaped. */
export const markdownAlt = (alt: string) => alt.replace(/[\\[\]]/g, '\\$&')

/**
 * The content with the alt text of the images showing `url` changed from `from` (or none) to `to`. An image the
 * writer described otherwise keeps its own words.
 */
export function replaceImageAlt(markdown: string, url: string, from: string, to: string): string {
  const image = new RegExp(
    `!\\[((?:\\\\.|[^\\]\\\\])*)\\]\\(\\s*(<?)${escapeRegExp(url)}(>?)((?:\\s+"[^"]*")?\\s*)\\)`,
    'g',
  )
  return markdown.replace(image, (whole, alt: string, open: string, close: string, rest: string) => {
    const current = alt.replace(/\\(.)/g, '$1').trim()
    if (current !== '' && current !== from.trim()) return whole
    return `![${markdownAlt(to.trim())}](${open}${url}${close}${rest})`
  })
}
