import fs from 'node:fs'
import { afterAll, describe, it } from 'vitest'
import { tempDataDir, startServer } from './server-process.ts'
import { insertIntoSqlite, sendThroughSigkill } from './newsletter-send.ts'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })))

describe('newsletter through SIGKILL on SQLite', () => {
  it('each of 200 subscribers gets the post exactly once after a crash mid-send and a restart', async () => {
    const dataDir = tempDataDir()
    dirs.push(dataDir)
    await sendThroughSigkill({
      label: 'SQLite',
      start: (env) => startServer({ dataDir, env }),
      insert: (rows) => insertIntoSqlite(dataDir, rows),
    })
  })
})
