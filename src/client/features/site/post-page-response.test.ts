import { describe, expect, it } from 'vitest'
import { readPostPage } from './post-page-response.ts'

const response = (headers: Record<string, string>) =>
  new Response('[]', { headers: { 'content-type': 'application/json', ...headers } })

describe('readPostPage', () => {
  it('reads the count and whether it is exact from the headers', async () => {
    expect(await readPostPage(response({ 'X-Total-Count': '12' }))).toEqual({ posts: [], total: 12, totalExact: true })
    expect(await readPostPage(response({ 'X-Total-Count': '1000', 'X-Total-Count-Exact': 'false' }))).toEqual({
      posts: [],
      total: 1000,
      totalExact: false,
    })
  })
})
