// The ceiling every benchmark rate is read against: a plain node:http server answering a fixed 12 KB body, in a
// process of its own (as the blog runs in its own), loaded by the same harness in the same run. On a shared machine
// absolute rates swing ~3× from day to day; a rate as a fraction of this one does not.
import { spawn } from 'node:child_process'
import http from 'node:http'
import { fileURLToPath } from 'node:url'

export const BARE_BODY_BYTES = 12 * 1024

/** Starts the bare server on `port` in a child process; resolves once it answers. */
export async function startBareServer(port) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), String(port)], { stdio: 'ignore' })
  const base = `http://127.0.0.1:${port}`
  const stop = () => child.kill('SIGTERM')
  process.on('exit', stop)
  for (let i = 0; ; i++) {
    try {
      // Its own answer, not another server's that already holds the port.
      if ((await fetch(base)).headers.get('x-bare-server') === String(child.pid)) break
    } catch {
      /* starting */
    }
    if (i > 100 || child.exitCode !== null) throw new Error(`bare server did not start on port ${port} (in use?)`)
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    base,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        process.off('exit', stop)
        child.once('exit', resolve)
        stop()
      }),
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const body = Buffer.alloc(BARE_BODY_BYTES, 'x')
  http
    .createServer((_request, response) => {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-length': body.length,
        'x-bare-server': String(process.pid),
      })
      response.end(body)
    })
    .listen(Number(process.argv[2]), '127.0.0.1')
}
