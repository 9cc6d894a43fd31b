import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { removeDirs, startServer, tempDataDir, type ServerProcess } from './server-process.ts'

describe('slow clients', () => {
  let server: ServerProcess
  const dataDir = tempDataDir()
  beforeAll(async () => {
    server = await startServer({ dataDir })
  })
  afterAll(async () => {
    await server.stop()
    removeDirs([dataDir])
  })

  it('cuts off a client that trickles its headers (slow loris) within the header timeout', async () => {
    const { port } = new URL(server.base)
    const socket = net.connect(Number(port), '127.0.0.1')
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n')
    const started = Date.now()
    let answer = ''
    socket.on('data', (d) => (answer += d))
    const trickle = setInterval(() => socket.writable && socket.write(`X-Slow-${Date.now()}: 1\r\n`), 500)
    const closedAfter = await new Promise<number>((resolve) =>
      socket.once('close', () => resolve(Date.now() - started)),
    )
    clearInterval(trickle)
    expect(closedAfter).toBeLessThan(15_000)
    expect(closedAfter).toBeGreaterThan(5_000)
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true)
    // and the server still serves everyone else
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200)
  }, 30_000)
})
