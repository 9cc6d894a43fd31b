import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  call,
  createPublishedPost,
  loginCookie,
  startServer,
  tempDataDir,
  type ServerProcess,
} from './server-process.ts'

// DATA_DIR on a small tmpfs of its own (this needs root, as the test machine gives): the disk really fills up.
const mountPoint = tempDataDir()
let server: ServerProcess | null = null
let mounted = false

afterAll(async () => {
  await server?.stop()
  if (mounted) execFileSync('umount', [mountPoint])
  fs.rmSync(mountPoint, { recursive: true, force: true })
})

/** Writes a file until the file system has no room left; answers its path. */
function fillDisk(dir: string): string {
  const filler = path.join(dir, 'filler.bin')
  const fd = fs.openSync(filler, 'w')
  const chunk = Buffer.alloc(64 * 1024, 1)
  try {
    for (;;) fs.writeSync(fd, chunk)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
  } finally {
    fs.closeSync(fd)
  }
  return filler
}

describe('a full disk under an SQLite blog', () => {
  it('answers every write 503 "The blog cannot save changes right now", /healthz says not-writable, and recovers', async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', mountPoint])
    mounted = true
    const dataDir = path.join(mountPoint, 'data')
    server = await startServer({ dataDir })
    const { base } = server
    const cookie = await loginCookie(base)
    const post = await createPublishedPost(base, cookie, 'Before the disk filled')
    const filler = fillDisk(mountPoint)

    const big = `A long draft. ${'Words that need new pages on a full disk. '.repeat(4500)}`
    const writes = [
      () => call(base, 'PUT', `/api/posts/${post.id}`, { cookie, body: { content: big } }),
      () => call(base, 'POST', '/api/posts', { cookie, body: { title: 'New on a full disk', content: big } }),
    ]
    // Small writes may still fit in pages the database already has; they either land or get the same 503.
    const smallWrites = [
      () => call(base, 'POST', '/api/categories', { cookie, body: { name: 'Tiny', slug: 'tiny', color: '#3b82f6' } }),
      () => call(base, 'POST', `/api/posts/${post.id}/comments`, { body: { content: 'A short comment' } }),
    ]
    const saved = await writes[0]!()
    expect(saved.status).toBe(503)
    expect(((await saved.json()) as { error: string }).error).toMatch(/^The blog cannot save changes right now/)
    const health = await fetch(`${base}/healthz`)
    expect(health.status).toBe(503)
    expect(await health.json()).toEqual({ status: 'error', database: 'not-writable' })
    expect((await writes[1]!()).status).toBe(503)
    for (const write of smallWrites) expect([201, 503]).toContain((await write()).status)

    // Reads go on, and nothing acknowledged was lost.
    const read = await call(base, 'GET', `/api/posts/${post.id}`, { cookie })
    expect(read.status).toBe(200)
    expect(((await read.json()) as { content: string }).content).toContain('Body text.')

    // Room again: saves work and /healthz says ok once the refused write is a few seconds old.
    fs.rmSync(filler)
    await expect.poll(async () => (await writes[0]!()).status, { timeout: 30_000, interval: 500 }).toBe(200)
    await expect.poll(async () => (await fetch(`${base}/healthz`)).status, { timeout: 30_000, interval: 500 }).toBe(200)
    expect(server.output()).not.toMatch(/"level":50.*unhandled error|cannot rollback/)
  })
})
