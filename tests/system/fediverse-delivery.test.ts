import fs from 'node:fs'
import { afterAll, describe, it } from 'vitest'
import { sqliteStore } from '#test/support/fediverse-followers.ts'
import { FEDIVERSE_ENV } from './fediverse-delivery.ts'
import { deliveredAfterTheRemoteReturns, deliveredThroughSigkill, type FediverseEngine } from './fediverse-scenarios.ts'
import { startServer, tempDataDir } from './server-process.ts'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })))

function sqliteBlog(): FediverseEngine {
  const dataDir = tempDataDir()
  dirs.push(dataDir)
  return {
    label: 'SQLite',
    store: sqliteStore(dataDir),
    start: (port) => startServer({ dataDir, port, env: FEDIVERSE_ENV }),
  }
}

describe('fediverse delivery on real server processes (SQLite)', () => {
  it("a follower's server that was down gets the post when it is back", async () => {
    await deliveredAfterTheRemoteReturns(sqliteBlog())
  })

  it('every inbox gets the Create after a SIGKILL mid-delivery and a restart', async () => {
    await deliveredThroughSigkill(sqliteBlog())
  })
})
