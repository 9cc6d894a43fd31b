import { afterAll, describe, it } from 'vitest'
import { removeDirs, startServer, tempDataDir } from './server-process.ts'
import { insertIntoSqlite, sendThroughSigkill } from './newsletter-send.ts'

const dirs: string[] = []
afterAll(() => removeDirs(dirs))

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
