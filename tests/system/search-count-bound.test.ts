import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/client.ts'
import { insertPostsWithState } from '#server/features/posts/posts.service.ts'
import { COUNT_LIMIT } from '#server/features/search/search-query.ts'
import { removeDirs, startServer, tempDataDir, type ServerProcess } from './server-process.ts'

const PAGE_SIZE = 9
const MATCHES = COUNT_LIMIT + 200
const lastCounted = Math.ceil(COUNT_LIMIT / PAGE_SIZE)

/** The part of a server-rendered list page from its pager on. */
const pagerOf = async (base: string, url: string) => {
  const html = await (await fetch(`${base}${url}`)).text()
  return html.slice(html.indexOf('aria-label="Pagination"'))
}

/**
 * A search with more matches than are counted (docs/decisions/016): the server-rendered pager ends with a gap after
 * the last page counted, and Next leads on from it, as far as the last match.
 */
describe('a search that stops counting, as readers see it', () => {
  let server: ServerProcess
  const dataDir = tempDataDir()

  beforeAll(async () => {
    // The server makes the database and its admin; the posts are then written straight in, many at once.
    server = await startServer({ dataDir })
    await server.stop()
    const handle = openDatabase({ dataDir })
    const author = (await handle.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()
    await insertPostsWithState(
      handle.db,
      Array.from({ length: MATCHES }, (_, i) => ({
        id: `post-${i}`,
        title: `Kestrel ${i}`,
        slug: `kestrel-${i}`,
        content: 'A bird.',
        excerpt: '',
        category_id: null,
        author_id: author,
        status: 'published',
        tags: '[]',
        reading_time: 1,
        views: 0,
        published_at: at(i),
        featured: 0,
        featured_at: null,
        created_at: at(i),
        updated_at: at(i),
      })),
    )
    await handle.close()
    server = await startServer({ dataDir })
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
    removeDirs([dataDir])
  })

  it('shows a gap after the last page counted, and Next onwards', async () => {
    const first = await pagerOf(server.base, '/blog?q=kestrel')
    expect(first).toContain(`aria-label="Page ${lastCounted}"`)
    expect(first).not.toContain(`aria-label="Page ${lastCounted + 1}"`)
    expect(first.match(/…/g)).toHaveLength(2)

    const last = await pagerOf(server.base, `/blog?q=kestrel&page=${lastCounted}`)
    expect(last).toContain(`aria-label="Page ${lastCounted + 1}"`)
    expect(last).toMatch(/<a[^>]*aria-label="Next page"/)
    expect(last.match(/…/g)).toHaveLength(2)
  })

  it('knows the last page once it has counted every match', async () => {
    const end = Math.ceil(MATCHES / PAGE_SIZE)
    const last = await pagerOf(server.base, `/blog?q=kestrel&page=${end}`)
    expect(last).toContain(`aria-current="page"`)
    expect(last).not.toMatch(/<a[^>]*aria-label="Next page"/)
    expect(last.match(/…/g)).toHaveLength(1)
  })
})
