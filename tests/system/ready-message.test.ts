import { afterEach, describe, expect, it } from 'vitest'
import { startServer, tempDataDir, type ServerProcess } from './server-process.ts'

/** Waits for the server's output to show `text` (it is written just after the server starts listening). */
async function outputShows(server: ServerProcess, text: string): Promise<string> {
  for (let i = 0; i < 100 && !server.output().includes(text); i++) await new Promise((r) => setTimeout(r, 50))
  return server.output()
}

describe('the start-up says where to go, in words', () => {
  let server: ServerProcess | undefined
  afterEach(async () => {
    await server?.stop()
    server = undefined
  })

  it('a new blog with no admin: open the one-time setup link to create your account', async () => {
    server = await startServer({
      dataDir: tempDataDir(),
      env: { LOG_LEVEL: 'info', ADMIN_USERNAME: '', ADMIN_PASSWORD: '' },
    })
    const output = await outputShows(server, 'create your account')
    expect(output).toContain(`\nThe blog is running at ${server.base}/\n`)
    expect(output).toMatch(
      new RegExp(`No admin account yet: open ${server.base}/admin\\?setup=[\\w-]+ to create your account`),
    )
  })

  it('a blog with its admin: sign in at /admin', async () => {
    server = await startServer({ dataDir: tempDataDir(), env: { LOG_LEVEL: 'info' } })
    const output = await outputShows(server, 'Sign in to write at')
    expect(output).toContain(`Sign in to write at ${server.base}/admin`)
    expect(output).not.toContain('create your account')
  })
})
