import type { DehydratedState } from '@tanstack/query-core'
import type { SiteIdentity } from '#shared/schemas/site-identity.ts'
import type { Theme } from '#shared/theme.ts'
import { accentStyle } from './accent-style.ts'
import { escapeHtml } from '#shared/text/escape-html.ts'
import { jsonForScript } from './head-tags.ts'

type DocumentParts = {
  headTags: string
  assetTags: string
  appHtml: string
  state: DehydratedState | null
  theme?: Theme | null
  site: Pick<SiteIdentity, 'language' | 'accentColor'>
}

/**
 * The HTML page around the React markup. No inline script anywhere (CSP `script-src 'self'`): the query state
 * travels in a JSON data block that the entry script reads. `data-ssr` tells the client to hydrate.
 */
export function htmlDocument({ headTags, assetTags, appHtml, state, theme, site }: DocumentParts): string {
  const ssr = state !== null
  return `<!doctype html>
<html lang="${escapeHtml(site.language)}"${theme ? ` data-theme="${theme}"` : ''}>
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <meta name="theme-color" content="${escapeHtml(site.accentColor)}">
    ${headTags}
    ${assetTags}${accentStyle(site.accentColor)}
  </head>
  <body>
    <div id="root"${ssr ? ' data-ssr="1"' : ''}>${appHtml}</div>${
      ssr ? `\n    <script type="application/json" id="__QUERY_STATE__">${jsonForScript(state)}</script>` : ''
    }
  </body>
</html>
`
}
