import fs from 'node:fs'
import path from 'node:path'
import { StartupProblem } from './problem.ts'

/** DATA_DIR holds the SQLite database, scheduled backups and view counts saved at shutdown: it must take writes. */
export function checkDataDir(dataDir: string): void {
  const probe = path.join(dataDir, `.write-check-${process.pid}`)
  try {
    fs.mkdirSync(dataDir, { recursive: true })
    fs.writeFileSync(probe, '')
    fs.rmSync(probe)
  } catch (err) {
    const code = (err as { code?: string }).code ?? 'error'
    throw code === 'ENOSPC'
      ? new StartupProblem(`the disk holding DATA_DIR ${dataDir} is full: free some space and start again`)
      : new StartupProblem(
          `DATA_DIR ${dataDir} is not writable (${code}): create it and give the server's user write access, or set DATA_DIR to a writable directory`,
        )
  }
}

/** A URL pg cannot use would otherwise surface as a puzzling DNS error for a host named "base". */
export function checkDatabaseUrl(databaseUrl: string | undefined): void {
  if (databaseUrl === undefined) return
  let url: URL | null = null
  try {
    url = new URL(databaseUrl)
  } catch {
    // reported below
  }
  if (!url || !['postgres:', 'postgresql:'].includes(url.protocol) || !url.hostname) {
    throw new StartupProblem(
      'DATABASE_URL is not a PostgreSQL URL: expected postgres://user:password@host:5432/database (leave it empty for SQLite)',
    )
  }
}
