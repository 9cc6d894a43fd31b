import { execFileSync, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- a plain ES module of the build scripts, without types
import { buildIsCurrent, sourceStamp } from '../../scripts/build-stamp.mjs'
import { freePort } from './server-process.ts'

const COPIED = [
  'package.json',
  'package-lock.json',
  'dist',
  'scripts',
  'src',
  'public',
  'vite.config.ts',
  'tsconfig.json',
]

/**
 * A production install: the repository with its build, `npm prune --omit=dev`, then `npm start`. Every package the
 * running server imports must be a dependency, and a build made from the same sources is never rebuilt.
 */
describe('production install', () => {
  let dir: string

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-prod-'))
    for (const entry of COPIED) fs.cpSync(entry, path.join(dir, entry), { recursive: true })
    execFileSync('cp', ['-al', 'node_modules', path.join(dir, 'node_modules')])
    execFileSync('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'pipe' })
  }, 180_000)
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('removed the build tools, and `npm start` serves /, /blog and /admin', async () => {
    expect(fs.existsSync(path.join(dir, 'node_modules/vite'))).toBe(false)
    expect(fs.existsSync(path.join(dir, 'node_modules/radix-ui'))).toBe(true)
    const port = await freePort()
    const dataDir = path.join(dir, 'data')
    const child = spawn('npm', ['start'], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    try {
      const base = `http://127.0.0.1:${port}`
      for (let i = 0; ; i++) {
        try {
          if ((await fetch(`${base}/healthz`)).ok) break
        } catch {
          /* starting */
        }
        if (i > 300 || child.exitCode !== null) throw new Error(`server did not start:\n${output}`)
        await new Promise((r) => setTimeout(r, 100))
      }
      for (const url of ['/', '/blog', '/admin']) {
        const res = await fetch(`${base}${url}`)
        expect(res.status, `${url}\n${output}`).toBe(200)
        expect(await res.text()).toContain('<div id="root"')
      }
      expect(output).not.toMatch(/running `npm run build`/)
    } finally {
      process.kill(-child.pid!, 'SIGTERM')
    }
  })

  it('the worker thread imports are read in starts from the build without the build tools', () => {
    const file = path.join(dir, 'post.md')
    fs.writeFileSync(file, '---\ntitle: A post\n---\n\nHello.\n')
    const script = `
      import { Worker } from 'node:worker_threads'
      const worker = new Worker(new URL('./dist/server/import-worker.js', 'file://${dir}/'), {
        workerData: { file: ${JSON.stringify(file)}, name: 'post.md', now: new Date().toISOString() },
      })
      worker.once('message', (m) => { console.log(JSON.stringify(m)); process.exit(0) })
      worker.once('error', (e) => { console.error(e); process.exit(1) })`
    fs.writeFileSync(path.join(dir, 'start-worker.mjs'), script)
    const run = spawnSync(process.execPath, ['start-worker.mjs'], { cwd: dir, encoding: 'utf8' })
    expect(run.status, run.stderr).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ type: 'model', format: 'markdown', origin: 'platform' })
  })

  it('the account recovery commands run without the build tools', () => {
    const run = spawnSync('npm', ['run', '--silent', 'reset-password', '--', 'nobody'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: path.join(dir, 'data') },
      input: 'a-long-enough-password\n',
      encoding: 'utf8',
    })
    expect(run.stderr).toContain('No admin account has the username or email "nobody"')
    expect(run.status).toBe(1)
  })

  it('a build older than the sources is noticed; without build tools start says what to do', () => {
    expect(buildIsCurrent(dir)).toBe(true)
    const stamp = sourceStamp(dir)
    const file = path.join(dir, 'src/shared/paths.ts')
    const original = fs.readFileSync(file, 'utf8')
    fs.writeFileSync(file, `${original}\n// changed\n`)
    expect(buildIsCurrent(dir)).toBe(false)
    const result = spawnSyncStart(dir)
    expect(result.status).not.toBe(0)
    expect(result.output).toContain('run `npm install && npm run build`')
    fs.writeFileSync(file, original)
    expect(sourceStamp(dir)).toBe(stamp)
    fs.appendFileSync(path.join(dir, 'package-lock.json'), ' ')
    expect(buildIsCurrent(dir)).toBe(false)
  })
})

function spawnSyncStart(cwd: string): { status: number | null; output: string } {
  try {
    const output = execFileSync('node', ['scripts/ensure-build.mjs'], { cwd, stdio: 'pipe', encoding: 'utf8' })
    return { status: 0, output }
  } catch (err) {
    const e = err as { status: number | null; stdout?: string; stderr?: string }
    return { status: e.status, output: `${e.stdout ?? ''}${e.stderr ?? ''}` }
  }
}
