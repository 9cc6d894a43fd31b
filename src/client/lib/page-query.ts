import {
  hashKey,
  useQuery as useQueryInBrowser,
  useQueryClient,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query'

type PageQueryOptions = { queryKey: QueryKey; enabled?: unknown }

// Nothing is fetched while rendering on the server: a refetch there never settles.
const NEVER = new Promise<never>(() => {})
const never = () => NEVER

/**
 * What `useQuery` answers while rendering on the server, read straight from the cache: every query a page shows was
 * filled before rendering (src/server/ssr/load-page.ts) and nothing is fetched there, so the observer `useQuery`
 * builds for each query (a quarter of a page's render time) has nothing to do. Exported for its test, which holds it
 * to what `useQuery` itself answers.
 */
export function useQueryOnServer(options: PageQueryOptions): UseQueryResult<unknown, Error> {
  // The query's own hash (no query here sets queryKeyHashFn): getQueryState would first default every option.
  const state = useQueryClient().getQueryCache().get(hashKey(options.queryKey))?.state
  const success = state?.status === 'success'
  const fetching = !success && options.enabled !== false
  return {
    data: success ? state.data : undefined,
    dataUpdatedAt: state?.dataUpdatedAt ?? 0,
    error: null,
    errorUpdatedAt: 0,
    errorUpdateCount: 0,
    failureCount: 0,
    failureReason: null,
    fetchStatus: fetching ? 'fetching' : 'idle',
    isError: false,
    isFetched: success,
    isFetchedAfterMount: false,
    isFetching: fetching,
    isInitialLoading: fetching,
    isLoading: fetching,
    isLoadingError: false,
    isPaused: false,
    isPending: !success,
    isPlaceholderData: false,
    isRefetchError: false,
    isRefetching: false,
    isStale: fetching, // no data to show, and it would be fetched (data is never stale: staleTime Infinity)
    isSuccess: success,
    isEnabled: options.enabled !== false,
    promise: NEVER,
    refetch: never,
    status: success ? 'success' : 'pending',
  } as UseQueryResult<unknown, Error>
}

/** `useQuery` for the reader's pages: itself in the browser, a cache read in the server build. */
export const useQuery: typeof useQueryInBrowser = import.meta.env.SSR
  ? (useQueryOnServer as typeof useQueryInBrowser)
  : useQueryInBrowser
