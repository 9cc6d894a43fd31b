import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query'
import { withPostHtml } from '#shared/post-html-state.ts'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app.tsx'
import { createQueryClient } from './lib/query-client.ts'
import { RouterProvider } from './lib/router.tsx'
import './styles/app.css'
import './features/site/prose.css'

// The server's query cache arrives as a JSON data block (not a script: the CSP allows no inline scripts).
const queryClient = createQueryClient()
const stateElement = document.getElementById('__QUERY_STATE__')
if (stateElement?.textContent) {
  const postHtml = document.querySelector('[data-post-html]')?.innerHTML ?? ''
  hydrate(queryClient, withPostHtml(JSON.parse(stateElement.textContent) as DehydratedState, postHtml))
}

const root = document.getElementById('root')!
const tree = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider>
        <App />
      </RouterProvider>
    </QueryClientProvider>
  </StrictMode>
)

// Public pages arrive server-rendered and hydrate; the admin shell arrives empty and renders here.
if (root.dataset.ssr === '1') hydrateRoot(root, tree)
else createRoot(root).render(tree)
