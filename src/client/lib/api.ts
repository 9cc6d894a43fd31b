import type { z } from 'zod'
import { tooManyAttempts } from '#shared/text/format.ts'

/** Spec §8: the message is the status code, a colon and space, then the body text (or the status text if empty). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
    /** Retry-After, in seconds, of a 429. */
    readonly retryAfterS: number | null = null,
  ) {
    super(`${status}: ${body || statusText}`)
  }

  /** The server's {error} text when the body is our JSON error shape. */
  get serverMessage(): string {
    try {
      const parsed = JSON.parse(this.body) as { error?: unknown }
      if (typeof parsed.error === 'string') return parsed.error
    } catch {
      // not JSON
    }
    return this.message
  }
}

type Options = { method?: string; body?: unknown; signal?: AbortSignal }

/** All requests send credentials; a JSON content type only when a body exists; any non-OK response throws. */
export async function apiRequest(url: string, { method = 'GET', body, signal }: Options = {}): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData
  const res = await fetch(url, {
    method,
    credentials: 'include',
    signal,
    headers: body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : undefined,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  })
  if (!res.ok)
    throw new HttpError(res.status, await res.text(), res.statusText, Number(res.headers.get('retry-after')) || null)
  return res
}

/** "Too many attempts. Try again in 14 minutes." for a 429; null for any other failure. */
export function waitText(error: unknown): string | null {
  return error instanceof HttpError && error.status === 429 ? tooManyAttempts(error.retryAfterS) : null
}

/** Request and parse JSON with the shared schema (the response is typed and checked). */
export async function apiJson<S extends z.ZodType>(schema: S, url: string, options?: Options): Promise<z.infer<S>> {
  const res = await apiRequest(url, options)
  return schema.parse(await res.json())
}

/** GET returning null on 401 (the spec's "returns null on 401 when configured that way"). */
export async function apiJsonOrNull<S extends z.ZodType>(schema: S, url: string): Promise<z.infer<S> | null> {
  try {
    return await apiJson(schema, url)
  } catch (err) {
    if (err instanceof HttpError && err.status === 401) return null
    throw err
  }
}

export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  }
  const s = search.toString()
  return s ? `?${s}` : ''
}
