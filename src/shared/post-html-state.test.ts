import { describe, expect, it } from 'vitest'
import { withoutPostHtml, withPostHtml } from './post-html-state.ts'

const query = (queryKey: unknown[], data: unknown) => ({
  queryKey,
  queryHash: JSON.stringify(queryKey),
  state: { data, status: 'success' },
})
type State = { queries: Array<{ queryKey: unknown[]; state: { data?: unknown } }> }
const state = (queries: unknown[]) => ({ mutations: [], queries }) as unknown as State
const dataOf = (s: State, i: number) => s.queries[i]!.state.data as Record<string, unknown> | null

describe('the post HTML travels once', () => {
  const page = state([
    query(['/api/posts/slug', 'hello'], { id: '1', contentHtml: '<p>Hello</p>', title: 'Hello' }),
    query(['/api/previews', 'token'], { id: '2', contentHtml: '<p>Draft</p>' }),
    query(['/api/posts', '1', 'related'], [{ id: '3', contentHtml: '<p>kept</p>' }]),
    query(['/api/posts/slug', 'missing'], null),
  ])

  it('leaves the post HTML out of the state block, and nothing else', () => {
    const sent = withoutPostHtml(page)
    expect(dataOf(sent, 0)).toEqual({ id: '1', contentHtml: '', title: 'Hello' })
    expect(dataOf(sent, 1)).toEqual({ id: '2', contentHtml: '' })
    expect(sent.queries[2]).toBe(page.queries[2])
    expect(dataOf(sent, 3)).toBeNull()
    expect(dataOf(page, 0)?.contentHtml).toBe('<p>Hello</p>') // the rendered state is not changed
  })

  it('puts the page markup back before hydrating', () => {
    const back = withPostHtml(withoutPostHtml(page), '<p>Hello</p>')
    expect(dataOf(back, 0)?.contentHtml).toBe('<p>Hello</p>')
    expect(withPostHtml(page, '<p>other</p>').queries[0]!.state.data).toEqual(page.queries[0]!.state.data)
  })
})
