import type { DehydratedState } from '@tanstack/query-core'

// The query keys whose data is a post with its rendered HTML (src/client/features/site/queries.ts).
const POST_KEYS = new Set(['/api/posts/slug', '/api/previews'])

type WithHtml = { contentHtml?: unknown }

function mapPostHtml(state: DehydratedState, html: (current: string) => string): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const data = query.state.data as WithHtml | null | undefined
      if (!POST_KEYS.has(String(query.queryKey[0])) || typeof data?.contentHtml !== 'string') return query
      return { ...query, state: { ...query.state, data: { ...data, contentHtml: html(data.contentHtml) } } }
    }),
  }
}

/** A post page carries its HTML once, in the markup: the state block leaves it out (a fifth of the page's bytes). */
export const withoutPostHtml = (state: DehydratedState): DehydratedState => mapPostHtml(state, () => '')

/** In the browser, before hydrating: the post's HTML back from the server-rendered markup. */
export const withPostHtml = (state: DehydratedState, pageHtml: string): DehydratedState => mapPostHtml(state, (current) => current || pageHtml)
