import { apiRequest } from './api.ts'

/**
 * GET (or send) and read JSON without a runtime schema check: the reader bundle leaves zod out (100 KB budget).
 * The server validates every response against the shared schema before it is sent, and the types come from there.
 */
export async function requestJson<T>(url: string, options?: Parameters<typeof apiRequest>[1]): Promise<T> {
  const res = await apiRequest(url, options)
  return (await res.json()) as T
}
