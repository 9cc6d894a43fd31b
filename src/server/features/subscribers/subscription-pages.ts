import { escapeHtml } from '#shared/text/escape-html.ts'

/** The small pages the subscribe form and the email links land on: plain HTML, no script, never cached. */
export function subscriptionPage(
  siteName: string,
  title: string,
  message: string,
  action?: { url: string; label: string },
): string {
  const form = action
    ? `<form method="post" action="${escapeHtml(action.url)}"><input type="hidden" name="confirm" value="1"><button type="submit">${escapeHtml(action.label)}</button></form>`
    : ''
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} | ${escapeHtml(siteName)}</title><meta name="robots" content="noindex"><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem;cursor:pointer}</style></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${form}<p><a href="/">Back to Home</a></p></main></body></html>`
}
