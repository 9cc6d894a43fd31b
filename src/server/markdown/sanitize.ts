import sanitizeHtml from 'sanitize-html'

const SAFE_ID = /^[a-z0-9][a-z0-9_-]{0,80}$/

/**
 * Defence in depth: the markdown renderer already escapes raw HTML and refuses unsafe URLs; whatever it emits is
 * then passed through this allowlist before it is stored, so a renderer bug can never reach a reader as script.
 * Only the elements and attributes the renderer makes are kept; URLs only http(s), mailto and site paths.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'a',
    'img',
    'picture',
    'source',
    'figure',
    'figcaption',
    'pre',
    'code',
    'span',
    'div',
    'ul',
    'ol',
    'li',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'strong',
    'em',
    'del',
    's',
    'hr',
    'br',
    'input',
    'sup',
    'sub',
    // Code blocks' copy button: inert markup (no handler attribute survives); the page's script gives it its click.
    'button',
  ],
  allowedAttributes: {
    '*': ['class', 'id', 'title', 'aria-label', 'aria-hidden'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding', 'fetchpriority', 'srcset', 'sizes', 'style'],
    source: ['type', 'srcset', 'sizes', 'media', 'width', 'height'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
    input: ['type', 'checked', 'disabled'],
    button: ['type'],
    // Code blocks scroll by keyboard (render.ts): only these values.
    pre: [
      { name: 'tabindex', multiple: false, values: ['0'] },
      { name: 'role', multiple: false, values: ['group'] },
    ],
  },
  allowedStyles: {
    img: { 'background-color': [/^#[0-9a-f]{3,8}$/i], 'aspect-ratio': [/^\d+(\.\d+)?\s*\/\s*\d+(\.\d+)?$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], source: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  selfClosing: ['img', 'br', 'hr', 'input', 'source'],
  transformTags: {
    // Only checkboxes (GFM task lists), always disabled.
    button: (tagName, attribs) => ({ tagName, attribs: { ...attribs, type: 'button' } }),
    input: (tagName, attribs) =>
      attribs.type === 'checkbox'
        ? { tagName, attribs: { ...attribs, disabled: '' } }
        : { tagName: 'span', attribs: {} },
  },
  exclusiveFilter: () => false,
}

/** Ids that cannot collide with the page's own (e.g. its embedded state) or clobber globals: lower-case slugs only. */
function dropUnsafeIds(html: string): string {
  return html.replace(/\sid="([^"]*)"/g, (whole, id: string) => (SAFE_ID.test(id) ? whole : ''))
}

export function sanitizePostHtml(html: string): string {
  return dropUnsafeIds(sanitizeHtml(html, OPTIONS))
}
