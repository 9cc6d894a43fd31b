import { QueryClient } from '@tanstack/react-query'

/** Spec §9 defaults: no automatic retry, no refetch on focus or interval, data never stale. Queries override where the spec says. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  })
}
