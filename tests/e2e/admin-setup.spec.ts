import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'

// A server of its own with no user at all (the shared one starts with ADMIN_*): the contract's one-time form.
let server: ChildProcess
let base: string
let setupLink: string
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-setup-e2e-'))

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

test.beforeAll(async () => {
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  let output = ''
  server.stdout!.on('data', (chunk) => (output += chunk))
  await expect(async () => expect((await fetch(`${base}/healthz`)).ok).toBe(true)).toPass({ timeout: 30_000 })
  // The start-up log says in plain words where to go, with the one-time link (not only JSON lines).
  await expect(async () =>
    expect(output).toMatch(/No admin account yet: open \S+\/admin\?setup=\S+ to create/),
  ).toPass()
  setupLink = /open (\S+\/admin\?setup=\S+) to create/.exec(output)![1]!
  expect(setupLink.startsWith(`${base}/admin?setup=`)).toBe(true)
})

test.afterAll(async () => {
  server.kill('SIGTERM')
  await new Promise((r) => server.once('exit', r))
  fs.rmSync(dataDir, { recursive: true, force: true })
})

test('with no user, /admin offers a one-time Create admin account form, then never again', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: base })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))

  // Without the link's token the form cannot create the account.
  await page.goto('/admin/posts')
  await expect(page.getByRole('heading', { name: 'Create admin account' })).toBeVisible()
  await page.getByRole('button', { name: 'Create admin account' }).click()
  await expect(page.getByText('Username is required')).toBeVisible()
  await expect(page.getByText('Open the setup link printed in the server’s log')).toBeVisible()
  await page.getByLabel('Username').fill('first-author')
  await page.getByLabel('Email').fill('author@example.com')
  await page.getByLabel('Password').fill('a-long-enough-password')
  await page.getByLabel('Setup token').fill('made-up-token')
  await page.getByRole('button', { name: 'Create admin account' }).click()
  await expect(page.getByRole('alert')).toHaveText(/setup link is not valid/)

  // The printed link fills the token in.
  await page.goto(setupLink)
  await expect(page.getByLabel('Setup token')).toHaveValue(new URL(setupLink).searchParams.get('setup')!)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `test-results/screens/setup-${width}.png`, fullPage: true })
  }
  await page.getByLabel('Username').fill('first-author')
  await page.getByLabel('Email').fill('author@example.com')
  await page.getByLabel('Password').fill('short')
  await page.getByRole('button', { name: 'Create admin account' }).click()
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
  await page.getByLabel('Password').fill('a-long-enough-password')
  await page.getByRole('button', { name: 'Create admin account' }).click()
  // Logged in as the new author; the used-up token has left the address bar.
  await expect(page.getByRole('heading', { name: 'Welcome back, first-author!' })).toBeVisible()
  await expect(page.getByText('author@example.com')).toBeVisible()
  expect(page.url()).not.toContain('setup=')

  // The endpoint refuses from now on, and a new visitor to /admin gets the login form.
  const again = await fetch(`${base}/api/auth/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      username: 'intruder',
      email: 'x@example.com',
      password: 'another-password',
      setupToken: new URL(setupLink).searchParams.get('setup'),
    }),
  })
  expect(again.status).toBeGreaterThanOrEqual(400)
  const stranger = await browser.newContext({ baseURL: base })
  const strangerPage = await stranger.newPage()
  await strangerPage.goto('/admin')
  await expect(strangerPage.getByRole('button', { name: 'Sign In' })).toBeVisible()
  await expect(strangerPage.getByRole('heading', { name: 'Create admin account' })).toHaveCount(0)
  expect(errors).toEqual([])
  await stranger.close()
  await context.close()
})
