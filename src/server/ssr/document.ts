import type { DehydratedState } from '@tanstack/query-core'
import type { Theme } from '#shared/theme.ts'
import { jsonForScript } from './head-tags.ts'

type DocumentParts = {
  headTags: string
  assetTags: string
  appHtml: string
  state: DehydratedState | null
  theme?: Theme | null
}

/**
 * The HTML page around the React markup. No inline script anywhere (CSP `script-src 'self'`): the query state
 * travels in a JSON data block that the entry script reads. `data-ssr` tells the client to hydrate.
 */
export function htmlDocument({ headTags, assetTags, appHtml, state, theme }: DocumentParts): string {
  const ssr = state !== null
  return `<!doctype html>
<html lang="en"${theme ? ` data-theme="${theme}"` : ''}>
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <meta name="theme-color" content="#1d4ed8">
    ${headTags}
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    ${assetTags}
  </head>
  <body>
    <div id="root"${ssr ? ' data-ssr="1"' : ''}>${appHtml}</div>${
      ssr ? `\n    <script type="application/json" id="__QUERY_STATE__">${jsonForScript(state)}</script>` : ''
    }
  </body>
</html>
`
}
