// Starts the PRODUCTION build for the browser tests on a fresh data directory (playwright.config.ts webServer).
import { rmSync } from 'node:fs'
import path from 'node:path'

// One directory per port, so two runs on one machine never share (or wipe) a database.
const dataDir = path.resolve(`.tmp/e2e-data-${process.env.PORT ?? 'default'}`)
rmSync(dataDir, { recursive: true, force: true })

Object.assign(process.env, {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  // E2E_DATABASE_URL runs the browser tests on PostgreSQL (give it an empty database); SQLite otherwise.
  DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // Every browser test comes from 127.0.0.1: the per-network view cap is raised so readers can be many.
  VIEWS_PER_NETWORK: '1000',
})

await import(path.resolve('dist/server/main.js'))
