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

export function removeDirs(dirs: string[]): void {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
}

/**
 * Runs `dist/server/SCRIPT` of the production bundle as its own process, in production, logging warnings only;
 * `env` adds to or replaces that. Collects what it prints, both streams apart and together.
 */
function spawnBundle(script: string, args: string[], env: Record<string, string>, stdin: 'ignore' | 'pipe' = 'ignore') {
  const child = spawn(process.execPath, [`dist/server/${script}`, ...args], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: [stdin, 'pipe', 'pipe'],
  })
  const output = { stdout: '', stderr: '', both: '' }
  child.stdout!.on('data', (d) => {
    output.stdout += d
    output.both += d
  })
  child.stderr!.on('data', (d) => {
    output.stderr += d
    output.both += d
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output, exited }
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
  const { child, output, exited } = spawnBundle('main.js', [], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    DATABASE_URL: opts.databaseUrl ?? '',
    PUBLIC_URL: base,
    SEED_DEMO: '0',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_EMAIL: ADMIN.email,
    ...opts.env,
  })
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output.both}`)
    try {
      if ((await fetch(`${base}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (i > 600) {
      child.kill('SIGKILL') // never left running behind a failed test
      throw new Error(`server did not start:\n${output.both}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    base,
    child,
    output: () => output.both,
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
  const { output, exited } = spawnBundle('main.js', [], {
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    ...env,
  })
  const code = await exited
  removeDirs([dataDir])
  return { code, output: output.both }
}

export type CliRun = { code: number | null; stdout: string; stderr: string; output: string }

/** `npm run SCRIPT -- ARGS` as the bundle runs it on a DATA_DIR / DATABASE_URL, `stdin` piped in (not a terminal). */
export async function runCli(
  script: 'account-cli.js' | 'backup-cli.js',
  args: string[],
  where: { dataDir: string; databaseUrl?: string },
  stdin = '',
): Promise<CliRun> {
  const { child, output, exited } = spawnBundle(
    script,
    args,
    { DATA_DIR: where.dataDir, DATABASE_URL: where.databaseUrl ?? '' },
    'pipe',
  )
  child.stdin!.end(stdin)
  const code = await exited
  return { code, stdout: output.stdout, stderr: output.stderr, output: output.both }
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

export type TestDatabase = ReturnType<typeof testDatabase>

/** A database of a test's own on TEST_DATABASE_URL's server, under a fresh name; `drop` ends any sessions left on it. */
export function testDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`
  return {
    name,
    url: testDatabaseUrl(name),
    create: () => onTestServer(`CREATE DATABASE ${name}`),
    drop: () => onTestServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  }
}

/**
 * Data directories and PostgreSQL databases a test file makes as it goes (`blog_<prefix>_<random>`); `remove()` (in
 * afterAll) deletes them all.
 */
export function scratch(prefix: string) {
  const dirs: string[] = []
  const databases: TestDatabase[] = []
  return {
    dataDir: () => {
      const dir = tempDataDir()
      dirs.push(dir)
      return dir
    },
    database: async () => {
      const database = testDatabase(`blog_${prefix}`)
      await database.create()
      databases.push(database)
      return database.url
    },
    remove: async () => {
      removeDirs(dirs)
      for (const database of databases) await database.drop()
    },
  }
}
