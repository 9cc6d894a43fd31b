import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { RouterProvider } from '../../lib/router.tsx'
import { NotFoundPage } from './not-found-page.tsx'

describe('NotFoundPage', () => {
  it('says "404" once, in its heading', () => {
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider url="/nowhere">
          <NotFoundPage />
        </RouterProvider>
      </QueryClientProvider>,
    )
    expect(html).toMatch(/<h1[^>]*>404 Page Not Found<\/h1>/)
    expect(html.match(/404/g)).toHaveLength(1)
  })
})
