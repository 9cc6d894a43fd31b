import { QueryClientProvider, useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from './query-client.ts'
import { useQueryOnServer } from './page-query.ts'

type Hook = (options: {
  queryKey: readonly unknown[]
  queryFn: () => Promise<unknown>
  enabled?: boolean
}) => UseQueryResult<unknown, Error>

/** Everything a component can read from the result, as rendered on the server by `hook`. */
function resultOf(hook: Hook, client: QueryClient, enabled?: boolean): Record<string, unknown> {
  let seen: Record<string, unknown> = {}
  function Probe() {
    const result = hook({ queryKey: ['/api/thing', { page: 2 }], queryFn: () => Promise.resolve('fetched'), enabled })
    seen = Object.fromEntries(
      Object.entries(result).filter(([, value]) => typeof value !== 'function' && !(value instanceof Promise)),
    )
    return null
  }
  renderToString(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  )
  return seen
}

describe('useQuery while rendering on the server', () => {
  const cases: Array<[string, (client: QueryClient) => void, boolean | undefined]> = [
    [
      'filled',
      (client) => client.setQueryData(['/api/thing', { page: 2 }], { title: 'x' }, { updatedAt: 1000 }),
      undefined,
    ],
    [
      'filled with null (a 404)',
      (client) => client.setQueryData(['/api/thing', { page: 2 }], null, { updatedAt: 1000 }),
      undefined,
    ],
    ['not filled', () => {}, undefined],
    ['not filled and disabled', () => {}, false],
  ]
  it.each(cases)('answers exactly what useQuery answers: %s', (_, fill, enabled) => {
    const answers = [useQuery as Hook, useQueryOnServer as Hook].map((hook) => {
      const client = createQueryClient()
      fill(client)
      return resultOf(hook, client, enabled)
    })
    expect(answers[1]).toEqual(answers[0])
  })
})
