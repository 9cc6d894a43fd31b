import { DEFAULT_SITE_IDENTITY } from '#shared/site/identity.ts'

/** A page for when the app cannot render: no stack, no script, no app shell, no database read (so the default title). */
export function plainPage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | ${DEFAULT_SITE_IDENTITY.title}</title><meta name="robots" content="noindex"></head><body><main><h1>${title}</h1><p>${message} <a href="/">Back to Home</a></p></main></body></html>`
}
