import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { App } from './app.tsx'
import { createQueryClient } from './lib/query-client.ts'
import { RouterProvider } from './lib/router.tsx'

/**
 * Renders a public page to HTML. The server has already filled the query cache by calling its services
 * (src/server/ssr/load-page.ts) and passes it dehydrated, exactly as the browser will receive it, so both
 * sides render from the same data.
 */
export function render(url: string, state: DehydratedState): string {
  const queryClient = createQueryClient()
  hydrate(queryClient, state)
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider url={url}>
          <App />
        </RouterProvider>
      </QueryClientProvider>
    </StrictMode>,
  )
}
