import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import {
  call,
  cookiesOf,
  createPublishedPost,
  loginCookie,
  removeDirs,
  startServer,
  tempDataDir,
  type ServerProcess,
} from './server-process.ts'

const dirs: string[] = []
afterAll(() => removeDirs(dirs))

/** Sends requests from `workers` parallel loops until `stop()` is true; never throws (a killed server refuses). */
async function stream(workers: number, shouldStop: () => boolean, send: (i: number) => Promise<void>) {
  let i = 0
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!shouldStop()) {
        try {
          await send(i++)
        } catch {
          // the server is gone: the write was not acknowledged
        }
      }
    }),
  )
}

describe('crash safety on SQLite', () => {
  it('keeps every acknowledged like and comment through SIGKILL, and the database stays sound', async () => {
    const dataDir = tempDataDir()
    dirs.push(dataDir)
    let server: ServerProcess = await startServer({ dataDir, env: { TRUST_PROXY: 'true' } })
    const cookie = await loginCookie(server.base)
    const post = await createPublishedPost(server.base, cookie, 'Crash target')

    const likedBy: string[] = []
    const commentIds: string[] = []
    let killed = false
    const streaming = stream(
      8,
      () => killed,
      async (i) => {
        if (i % 2 === 0) {
          // Each reader from its own address: one network may add only 10 likes to a post a day.
          const res = await call(server.base, 'POST', `/api/posts/${post.id}/like`, {
            headers: { 'x-forwarded-for': `203.0.${(i >> 8) & 255}.${i & 255}` },
          })
          if (res.ok && ((await res.json()) as { liked: boolean }).liked) likedBy.push(cookiesOf(res))
        } else {
          const res = await call(server.base, 'POST', `/api/posts/${post.id}/comments`, {
            body: { content: `comment ${i}` },
            headers: { 'x-forwarded-for': `198.51.${(i >> 8) & 255}.${i & 255}` },
          })
          if (res.status === 201) commentIds.push(((await res.json()) as { id: string }).id)
        }
      },
    )
    await new Promise((r) => setTimeout(r, 1500))
    server.child.kill('SIGKILL')
    killed = true
    await server.exited
    await streaming
    expect(likedBy.length).toBeGreaterThan(20)
    expect(commentIds.length).toBeGreaterThan(20)

    const file = new SQLite(path.join(dataDir, 'blog.sqlite'))
    expect(file.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(file.pragma('foreign_key_check')).toEqual([])
    const likes = (file.prepare('select count(*) as n from likes where post_id = ?').get(post.id) as { n: number }).n
    const stored = new Set((file.prepare('select id from comments').all() as Array<{ id: string }>).map((r) => r.id))
    file.close()
    expect(likes).toBeGreaterThanOrEqual(likedBy.length)
    expect(commentIds.filter((id) => !stored.has(id))).toEqual([])

    server = await startServer({ dataDir })
    try {
      for (const visitor of likedBy.slice(0, 25)) {
        const res = await call(server.base, 'GET', `/api/posts/${post.id}/likes`, { cookie: visitor })
        expect(((await res.json()) as { userHasLiked: boolean }).userHasLiked).toBe(true)
      }
      expect((await fetch(`${server.base}/api/posts`)).status).toBe(200)
      expect((await fetch(`${server.base}/blog/${post.slug}`)).status).toBe(200)
    } finally {
      await server.stop()
    }
  })
})

describe('graceful SIGTERM', () => {
  it('finishes in-flight requests, writes every buffered view, and exits 0', async () => {
    const dataDir = tempDataDir()
    dirs.push(dataDir)
    const server = await startServer({ dataDir, env: { TRUST_PROXY: 'true' } })
    const cookie = await loginCookie(server.base)
    const post = await createPublishedPost(server.base, cookie, 'Views under shutdown')

    let counted = 0
    const refusals: number[] = []
    let stopping = false
    const streaming = stream(
      8,
      () => stopping,
      async (i) => {
        // no cookie, each from its own address: every beacon is a new reader, so every 2xx is one view
        const res = await call(server.base, 'POST', `/api/posts/${post.id}/view`, {
          headers: { 'x-forwarded-for': `203.1.${(i >> 8) & 255}.${i & 255}` },
        })
        if (res.ok) counted++
        else refusals.push(res.status)
      },
    )
    await new Promise((r) => setTimeout(r, 1200))
    server.child.kill('SIGTERM')
    const code = await server.exited
    stopping = true
    await streaming
    expect(code).toBe(0)
    expect(counted).toBeGreaterThan(20)

    const file = new SQLite(path.join(dataDir, 'blog.sqlite'), { readonly: true })
    const views = (file.prepare('select views from posts where id = ?').get(post.id) as { views: number }).views
    const daily = (
      file.prepare('select coalesce(sum(views), 0) as n from post_views_daily where post_id = ?').get(post.id) as {
        n: number
      }
    ).n
    file.close()
    expect(views).toBe(counted)
    expect(daily).toBe(counted)
    // A request that arrives while the server drains is refused with 503, never answered with an error.
    expect(refusals.filter((status) => status !== 503)).toEqual([])
  })
})
