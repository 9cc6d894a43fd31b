import fc from 'fast-check'
import { z } from 'zod'
import type { App } from '#server/context.ts'
import { hostileValue, rawJsonBody, tainted, urlPart } from './hostile-values.ts'

type Route = App['routeTable'][number]
export type FuzzRequest = { url: string; payload?: string }

/** The field names a route's Zod object schema declares (none for other schemas or none at all). */
export function fieldNames(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : []
}

/**
 * What a field would hold in a request that passes validation, so one hostile field is what the handler meets.
 * Fields without one (slugs, ids, dates) are left out of the good body; the server derives or ignores them.
 */
function plausible(field: string, known: Known): unknown {
  const values: Record<string, unknown> = {
    title: 'Fuzz title',
    content: 'Fuzz content',
    name: 'Fuzz',
    color: '#3b82f6',
    status: 'published',
    username: 'fuzzer',
    email: 'fuzz@example.com',
    authorEmail: 'reader@example.com',
    password: 'long-enough-password',
    currentPassword: 'long-enough-password',
    newPassword: 'another-long-password',
    tags: ['fuzz', 'Fuzz Tag'],
    fromPath: '/old-fuzz',
    toPath: '/blog/fuzz',
    paths: ['/blog/fuzz'],
    settings: [{ key: 'x_url', value: 'https://x.com/fuzz' }],
    form: { title: 'Fuzz title', content: 'Fuzz content' },
    categoryId: known.categoryId,
    isActive: true,
    sortOrder: 1,
    featured: false,
    readingTime: 3,
    code: '123456',
    excerpt: 'Fuzz excerpt',
    description: 'Fuzz description',
    metaTitle: 'Fuzz meta title',
    metaDescription: 'Fuzz meta description',
    authorName: 'Fuzz Author',
    featuredImage: 'https://example.com/fuzz.png',
    altText: 'Fuzz alt text',
  }
  return values[field]
}

/** Values that name existing rows: `ids(url)` those a route's path parameters would take, so its handler runs. */
export type Known = { ids: (routeUrl: string) => string[]; categoryId: string }

/** A hostile stand-in for a good value: the good text with bad characters in it, or anything at all. */
function attack(value: unknown): fc.Arbitrary<unknown> {
  if (typeof value === 'string')
    return fc.oneof({ arbitrary: tainted(value), weight: 3 }, { arbitrary: hostileValue, weight: 1 })
  if (Array.isArray(value) && typeof value[0] === 'string') {
    return fc.oneof(
      { arbitrary: tainted(value[0]).map((v) => [v, ...value.slice(1)]), weight: 3 },
      { arbitrary: hostileValue, weight: 1 },
    )
  }
  return hostileValue
}

/**
 * A JSON body for the route: its declared fields with good values but one attacked, sometimes a second field or an
 * extra key with any hostile value, so most bodies pass every other check and the attacked value reaches the handler.
 */
function shapedBody(fields: string[], known: Known): fc.Arbitrary<string> {
  const base = Object.fromEntries(fields.map((f) => [f, plausible(f, known)]).filter(([, v]) => v !== undefined))
  const target = fields.length
    ? fc.oneof(...fields.map((f) => attack(base[f]).map((v) => [f, v] as const)))
    : fc.constant(null)
  const extra = fc.option(
    fc.tuple(fc.oneof(fc.constantFrom(...fields, 'extra'), fc.string({ maxLength: 20 })), hostileValue),
    { freq: 2 },
  )
  return fc.tuple(target, extra).map(([attacked, more]) => {
    const body: Record<string, unknown> = { ...base }
    for (const pair of [attacked, more])
      if (pair)
        Object.defineProperty(body, pair[0], { value: pair[1], enumerable: true, writable: true, configurable: true })
    return JSON.stringify(body)
  })
}

/** Path parameters, query and (for writes) a JSON body, generated from the route's schemas. */
export function routeRequest(route: Route, known: Known): fc.Arbitrary<FuzzRequest> {
  const segments = route.url.split('/')
  const path = fc
    .tuple(...segments.map((s) => (s.startsWith(':') || s === '*' ? urlPart(known.ids(route.url)) : fc.constant(s))))
    .map((parts) => parts.join('/'))
  const queryFields = [
    ...new Set([...fieldNames(route.schema.querystring), 'search', 'page', '__proto__', 'constructor']),
  ]
  const query = fc
    .array(
      fc.tuple(fc.constantFrom(...queryFields), urlPart(['1', 'true', 'all', 'popular', 'fuzz', 'fuzz-category'])),
      { maxLength: 4 },
    )
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''))
  const withBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)
  const body = withBody
    ? fc.oneof(
        { arbitrary: shapedBody(fieldNames(route.schema.body), known), weight: 6 },
        { arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? 'null'), weight: 1 },
        { arbitrary: rawJsonBody, weight: 1 },
      )
    : fc.constant(undefined)
  return fc
    .record({ path, query, body })
    .map(({ path: p, query: q, body: b }) => ({ url: `${p}${q}`, ...(b === undefined ? {} : { payload: b }) }))
}
