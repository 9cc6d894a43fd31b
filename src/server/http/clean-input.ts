import type { FastifyInstance, FastifyRequest } from 'fastify'
import { cleanText, hasControlCharacters } from '#shared/text/clean-text.ts'
import { badRequest, notFound } from '../errors.ts'

/** Deeper than any body of ours; past it a hostile body would cost a deep recursion here and in validation. */
const MAX_DEPTH = 32

/** Every string in a value cleaned (cleanText), keys too; the same for a request body and for an import's records. */
export function cleanInput(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return cleanText(value)
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value
  if (depth >= MAX_DEPTH) return badRequest('Input is nested too deeply')
  if (Array.isArray(value)) return value.map((item) => cleanInput(item, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    const name = cleanText(key)
    // JSON bodies with it are refused by the parser already; a query string's is dropped, never given a prototype.
    if (name === '__proto__') continue
    out[name] = cleanInput(item, depth + 1)
  }
  return out
}

/**
 * The edge of the validation layer (ADR 090): every string in path parameters, query and JSON body is cleaned once,
 * before any route's Zod schema or handler sees it, for every route alike. A path parameter with a control
 * character answers 404.
 */
export function registerInputCleaning(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    // No slug, id or file name holds a control character, and dropping it would make `/x%00y` an alias of `/xy`.
    // A wildcard (the page catch-all) matches its own routes and answers its own 404 page.
    const named = Object.entries(request.params ?? {}).filter(([name]) => name !== '*')
    if (named.some(([, value]) => typeof value === 'string' && hasControlCharacters(value))) notFound()
    request.params = cleanInput(request.params)
    request.query = cleanInput(request.query)
    if (request.body !== undefined && !isStream(request.body)) request.body = cleanInput(request.body)
  })
}

const isStream = (body: unknown) => typeof (body as { pipe?: unknown }).pipe === 'function'
