import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import type { ImportJob } from '#shared/schemas/backup.ts'
import { zipOf } from '#test/support/zip.ts'
import {
  call,
  createPublishedPost,
  loginCookie,
  startServer,
  tempDataDir,
  testDatabase,
  type TestDatabase,
  type ServerProcess,
} from './server-process.ts'

/**
 * A hostile import (Markdown files that each fit the bounds and deflate just under the 200:1 a zip bomb is refused
 * at, with real posts among them) runs while a reader loads pages the cache does not answer. The reader must see no
 * stall: p99 under 200 ms over at least 200 pages. Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const engines = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])] as const
const READS = 200
/** Markdown files of just under 1 MB each, every one longer than a post may be. */
const HOSTILE_FILES = 40

/** About 1000 KB of Markdown that deflates about 150:1: one random word every few hundred bytes. */
function hostileMarkdown(): string {
  const parts = ['---\ntitle: A hostile post\n---\n\n']
  let size = parts[0]!.length
  while (size < 1000 * 1024) {
    const line = `${'All work and no play makes a dull import. '.repeat(80)}${randomBytes(2).toString('hex')}\n`
    parts.push(line)
    size += line.length
  }
  return parts.join('')
}

async function hostileZip(): Promise<{ zip: Buffer; ratio: number }> {
  const big = hostileMarkdown()
  const files: Record<string, string> = {}
  for (let i = 0; i < HOSTILE_FILES; i++) files[`hostile/h${i}.md`] = big
  for (let i = 0; i < 300; i++)
    files[`posts/p${i}.md`] = `---\ntitle: Imported ${i}\n---\n\n${'A real post with some words in it. '.repeat(40)}\n`
  const zip = await zipOf(files)
  return { zip, ratio: (big.length * HOSTILE_FILES) / zip.length }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/**
 * One uncached page: a session cookie nobody issued is never answered from the page cache nor stored in it.
 * Resolves with how long it took, in ms.
 */
async function timedRead(base: string, slug: string): Promise<number> {
  const before = performance.now()
  const page = await fetch(`${base}/blog/${slug}`, { headers: { cookie: 'sid=not-a-session' } })
  await page.text()
  if (page.status !== 200) throw new Error(`/blog/${slug} answered ${page.status}`)
  return performance.now() - before
}

/** The server process's peak resident memory (Linux), in MB. */
function peakRssMb(pid: number): number | null {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1]
  return kb ? Math.round(Number(kb) / 1024) : null
}

describe.each(engines)('an import while a reader loads pages (%s)', (engine) => {
  let server: ServerProcess | undefined
  let database: TestDatabase | undefined
  afterEach(async () => {
    await server?.stop()
    await database?.drop()
  })

  it('readers keep p99 under 200 ms while a hostile Markdown zip is read, checked and written', async () => {
    database = engine === 'postgres' ? testDatabase('blog_import_read') : undefined
    await database?.create()
    server = await startServer({ dataDir: tempDataDir(), databaseUrl: database?.url })
    const { base } = server
    const cookie = await loginCookie(base)
    const slugs: string[] = []
    for (let i = 0; i < 20; i++) slugs.push((await createPublishedPost(base, cookie, `Seeded post ${i}`)).slug)

    // The same reads before any import, for the log: what this machine answers in when nothing else runs here.
    const baseline: number[] = []
    for (let i = 0; i < 50; i++) baseline.push(await timedRead(base, slugs[i % slugs.length]!))
    const { zip, ratio } = await hostileZip()
    expect(ratio).toBeLessThan(200)
    expect(ratio).toBeGreaterThan(100)

    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'hostile.zip')
    const started = await fetch(`${base}/api/admin/import`, {
      method: 'POST',
      headers: { origin: base, cookie },
      body: form,
    })
    expect(started.status, await started.clone().text()).toBe(202)
    const { id } = (await started.json()) as { id: string }

    const times: number[] = []
    let job: ImportJob | null = null
    let polled = 0
    for (let i = 0; job?.status !== 'done' && job?.status !== 'failed'; i++) {
      for (let k = 0; k < 10; k++) {
        const slug = slugs[(i * 10 + k) % slugs.length]!
        times.push(await timedRead(base, slug))
      }
      job = (await (await call(base, 'GET', `/api/admin/imports/${id}`, { cookie })).json()) as ImportJob
      polled++
      if (polled > 5000) throw new Error('the import did not end')
    }
    const readsDuringImport = times.length
    // At least READS pages in all: the first ones while the import ran, the rest right after it.
    while (times.length < READS) {
      times.push(await timedRead(base, slugs[times.length % slugs.length]!))
    }

    expect(job.error).toBeNull()
    expect(job.status).toBe('done')
    expect(job.report).toMatchObject({ format: 'markdown', created: { posts: 300 }, skippedCount: HOSTILE_FILES })
    expect(job.report!.skipped[0]!.reason).toMatch(/content/i)

    const sorted = [...times].sort((a, b) => a - b)
    const p50 = percentile(sorted, 50)
    const p99 = percentile(sorted, 99)
    const idle = [...baseline].sort((a, b) => a - b)
    const rss = peakRssMb(server.child.pid!)
    console.log(
      `[import-while-reading ${engine}] zip ${(zip.length / 1024 / 1024).toFixed(1)} MB (${ratio.toFixed(0)}:1), ` +
        `${readsDuringImport} of ${times.length} reads during the import, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, server peak RSS ${rss} MB; before the import p50 ${percentile(idle, 50).toFixed(1)} ms, p99 ${percentile(idle, 99).toFixed(1)} ms`,
    )
    expect(readsDuringImport).toBeGreaterThan(0)
    expect(p99).toBeLessThan(200)
  }, 600_000)
})
