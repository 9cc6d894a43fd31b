import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * Starts the production build (`node dist/server/main.js`) on a fresh SQLite database in a temporary directory, waits
 * until it answers /healthz, and stops it (and removes the directory) when the process exits. With `dataDir` it runs on
 * that directory instead, and leaves it (a second start on the same database); `exited` resolves when it has stopped.
 */
export async function startProductionServer({ port, env = {}, dataDir: given }) {
  if (!existsSync('dist/server/main.js')) {
    console.error('No production build: run `npm run build` first.')
    process.exit(1)
  }
  const base = `http://127.0.0.1:${port}`
  const dataDir = given ?? mkdtempSync(path.join(tmpdir(), 'blog-bench-'))
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const exited = new Promise((resolve) => server.once('exit', resolve))
  const stop = () => {
    server.kill('SIGTERM')
    if (!given) rmSync(dataDir, { recursive: true, force: true })
  }
  process.on('exit', stop)
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break
    } catch {
      /* starting */
    }
    if (i > 600) throw new Error('server did not start')
    await new Promise((r) => setTimeout(r, 100))
  }
  return { base, pid: server.pid, stop, exited }
}
