import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { failedStart, freePort, removeDirs, tempDataDir } from './server-process.ts'

const dirs: string[] = []
afterAll(() => removeDirs(dirs))

function expectOneLine(result: { code: number | null; output: string }, line: string) {
  expect(result.code).toBe(1)
  expect(result.output).toBe(`blog: cannot start: ${line}\n`)
}

describe('a server that cannot start says why in one line', () => {
  it('PostgreSQL unreachable', async () => {
    const result = await failedStart({ DATABASE_URL: 'postgres://blog:s3cret@127.0.0.1:1/blog' })
    expectOneLine(
      result,
      'cannot reach PostgreSQL at 127.0.0.1:1 (ECONNREFUSED): start it or fix the host and port in DATABASE_URL',
    )
  })

  it('a DATABASE_URL that is not a PostgreSQL URL', async () => {
    const result = await failedStart({ DATABASE_URL: 'mysql://blog@localhost/blog' })
    expectOneLine(
      result,
      'DATABASE_URL is not a PostgreSQL URL: expected postgres://user:password@host:5432/database (leave it empty for SQLite)',
    )
  })

  it('a DATA_DIR that cannot be written', async () => {
    const file = path.join(tempDataDir(), 'a-file')
    dirs.push(path.dirname(file))
    fs.writeFileSync(file, '')
    const result = await failedStart({ DATA_DIR: path.join(file, 'data') })
    expectOneLine(
      result,
      `DATA_DIR ${path.join(file, 'data')} is not writable (ENOTDIR): create it and give the server's user write access, or set DATA_DIR to a writable directory`,
    )
  })

  it('a port already in use', async () => {
    const holder = net.createServer()
    const port = await freePort()
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve))
    try {
      const result = await failedStart({ PORT: String(port) })
      expectOneLine(
        result,
        `port 127.0.0.1:${port} is already in use: stop the other server or set PORT to a free port`,
      )
    } finally {
      holder.close()
    }
  })

  it('an invalid environment variable', async () => {
    const result = await failedStart({ PORT: 'eighty' })
    expect(result.code).toBe(1)
    expect(result.output).toMatch(/^blog: cannot start: invalid environment: PORT: [^\n]+; fix it and start again\n$/)
  })
})
