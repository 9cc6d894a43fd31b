import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

export const ADMIN = { username: 'admin', password: 'system-test-password', email: 'admin@example.com' }

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'blog-system-'))
}

export type ServerProcess = {
  base: string
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
  stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

/** Starts the production server bundle (dist/server/main.js) as its own process and waits for /healthz. */
export async function startServer(opts: {
  dataDir: string
  databaseUrl?: string
  port?: number
  env?: Record<string, string>
}): Promise<ServerProcess> {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('dist/server/main.js missing: run `npm run build` first')
  const port = opts.port ?? (await freePort())
  const base = `http://127.0.0.1:${port}`
  let log = ''
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      PUBLIC_URL: base,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_EMAIL: ADMIN.email,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d) => (log += d))
  child.stderr?.on('data', (d) => (log += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`)
    try {
      if ((await fetch(`${base}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (i > 600) {
      child.kill('SIGKILL') // never left running behind a failed test
      throw new Error(`server did not start:\n${log}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    base,
    child,
    output: () => log,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

/** Starts the production bundle expecting it to fail to start; resolves with its exit code and everything it printed. */
export async function failedStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = tempDataDir()
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  fs.rmSync(dataDir, { recursive: true, force: true })
  return { code, output }
}

/** Fetch with the site's own Origin (state changes from our pages) and JSON bodies. */
export async function call(
  base: string,
  method: string,
  url: string,
  opts: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  return fetch(`${base}${url}`, {
    method,
    headers: {
      origin: base,
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  })
}

export function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

export async function loginCookie(base: string): Promise<string> {
  const res = await call(base, 'POST', '/api/auth/login', {
    body: { username: ADMIN.username, password: ADMIN.password },
  })
  if (!res.ok) throw new Error(`login failed: ${res.status}`)
  return cookiesOf(res)
}

export async function createPublishedPost(
  base: string,
  cookie: string,
  title: string,
): Promise<{ id: string; slug: string }> {
  const res = await call(base, 'POST', '/api/posts', {
    cookie,
    body: { title, content: `${title}\n\nBody text.`, status: 'published' },
  })
  if (res.status !== 201) throw new Error(`create post failed: ${res.status} ${await res.text()}`)
  return (await res.json()) as { id: string; slug: string }
}

/** Runs one statement on TEST_DATABASE_URL's server (CREATE / DROP DATABASE for a test's own database). */
export async function onTestServer(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  try {
    await client.query(sqlText)
  } finally {
    await client.end()
  }
}

/** TEST_DATABASE_URL pointed at another database on the same server. */
export const testDatabaseUrl = (name: string) =>
  Object.assign(new URL(process.env.TEST_DATABASE_URL ?? ''), { pathname: `/${name}` }).toString()

/**
 * Data directories and PostgreSQL databases a test file makes as it goes (`blog_<prefix>_<random>`); `remove()` (in
 * afterAll) deletes them all.
 */
export function scratch(prefix: string) {
  const dirs: string[] = []
  const databases: string[] = []
  return {
    dataDir: () => {
      const dir = tempDataDir()
      dirs.push(dir)
      return dir
    },
    database: async () => {
      const name = `blog_${prefix}_${randomBytes(5).toString('hex')}`
      await onTestServer(`CREATE DATABASE ${name}`)
      databases.push(name)
      return testDatabaseUrl(name)
    },
    remove: async () => {
      dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }))
      for (const name of databases) await onTestServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}
