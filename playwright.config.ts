import { defineConfig, devices } from '@playwright/test'

// Browser tests run against the production build (`npm run test:e2e` builds first) on Debian's Chromium.
const PORT = Number(process.env.E2E_PORT ?? 4321)
const BASE_URL = `http://127.0.0.1:${PORT}`
const isCI = Boolean(process.env.CI)

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: isCI ? 2 : 0,
  forbidOnly: isCI,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: isCI ? 'line' : 'list',
  outputDir: 'test-results',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // The one admin's password change ends that user's other sessions, so it runs after everything else.
  // The XSS probe's hostile category sits in every footer while it runs, so it also runs on its own.
  // Two-factor on (a second login step) and "sign out everywhere else" would break other tests' logins: on its own too.
  projects: [
    {
      name: 'chromium',
      testIgnore: /(admin-password|security-xss|admin-security|site-identity|reader-fediverse)\.spec\.ts/,
    },
    // Renaming the site changes every page's title and header, and switching federation off takes the footer's
    // fediverse line and the actor away, so these run apart from the rest.
    { name: 'site-identity', testMatch: /(site-identity|reader-fediverse)\.spec\.ts/, dependencies: ['chromium'] },
    { name: 'security', testMatch: /security-xss\.spec\.ts/, dependencies: ['site-identity'] },
    { name: 'admin-security', testMatch: /admin-security\.spec\.ts/, dependencies: ['security'] },
    { name: 'admin-password', testMatch: /admin-password\.spec\.ts/, dependencies: ['admin-security'] },
  ],
  webServer: {
    command: 'node tests/e2e/support/start-server.mjs',
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'e2e-password-123',
      ADMIN_EMAIL: 'admin@example.com',
      SEED_DEMO: '1',
      // Requests from the test runner may name a client address (X-Forwarded-For), so a throttle test has its own budget.
      TRUST_PROXY: '127.0.0.1',
      // The subscription test listens on E2E_PORT + 1000 with its own SMTP server (tests/e2e/reader-subscribe.spec.ts).
      SMTP_URL: `smtp://127.0.0.1:${PORT + 1000}`,
    },
  },
})
