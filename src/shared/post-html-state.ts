// The query keys whose data is a post (or a footer page) with its rendered HTML (src/shared/site/query-keys.ts).
const POST_KEYS = new Set(['/api/posts/slug', '/api/previews', '/api/footer-pages/slug'])

type WithHtml = { contentHtml?: unknown }
/** The shape of a dehydrated query cache that matters here (shared code does not load the query library). */
type QueryState = { queries: ReadonlyArray<{ queryKey: readonly unknown[]; state: { data?: unknown } }> }

function mapPostHtml<S extends QueryState>(state: S, html: (current: string) => string): S {
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
export const withoutPostHtml = <S extends QueryState>(state: S): S => mapPostHtml(state, () => '')

/** In the browser, before hydrating: the post's HTML back from the server-rendered markup. */
export const withPostHtml = <S extends QueryState>(state: S, pageHtml: string): S =>
  mapPostHtml(state, (current) => current || pageHtml)
