import { ZodError } from 'zod'
import { StartupProblem } from './problem.ts'

type Where = { databaseUrl?: string; dataDir?: string; host?: string; port?: number }

type SystemError = Error & { code?: string; syscall?: string; address?: string; port?: number }

/** The first error code in the chain (a migration failure wraps the database's error; a refused host, one per address). */
function codeOf(error: unknown, depth = 0): string | undefined {
  if (!(error instanceof Error) || depth > 3) return undefined
  const code = (error as SystemError).code
  if (typeof code === 'string') return code
  return codeOf(error instanceof AggregateError ? error.errors[0] : error.cause, depth + 1)
}

/** host:port of DATABASE_URL, never its user or password. */
function serverOf(databaseUrl: string | undefined): string {
  try {
    const url = new URL(databaseUrl ?? '')
    return `${url.hostname}:${url.port || 5432}`
  } catch {
    return 'the server in DATABASE_URL'
  }
}

const databaseName = (databaseUrl: string | undefined) => {
  try {
    return decodeURIComponent(new URL(databaseUrl ?? '').pathname.slice(1)) || 'postgres'
  } catch {
    return 'the database'
  }
}

/**
 * One line saying what is wrong and what to do, for an error that stopped the server from starting.
 * No stack and no secrets: the line is for an operator reading a service log.
 */
export function explainStartupFailure(error: unknown, where: Where): string {
  if (error instanceof StartupProblem) return error.message
  if (error instanceof ZodError) {
    const issue = error.issues[0]
    return `invalid environment: ${issue?.path.join('.') || 'value'}: ${issue?.message ?? 'invalid'}; fix it and start again`
  }
  const err = (error instanceof Error ? error : new Error(String(error))) as SystemError
  const code = codeOf(err)
  const pg = serverOf(where.databaseUrl)

  if (err.syscall === 'listen') {
    const at = `${where.host ?? err.address}:${where.port ?? err.port}`
    if (code === 'EADDRINUSE') return `port ${at} is already in use: stop the other server or set PORT to a free port`
    if (code === 'EACCES') return `no permission to listen on ${at}: use a port above 1023 or set PORT`
    if (code === 'EADDRNOTAVAIL')
      return `HOST ${where.host} is not an address of this machine: set HOST (e.g. 127.0.0.1 or 0.0.0.0)`
  }
  switch (code) {
    case 'ECONNREFUSED':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `cannot reach PostgreSQL at ${pg} (${code}): start it or fix the host and port in DATABASE_URL`
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot resolve the PostgreSQL host in DATABASE_URL (${pg}): fix the host name`
    case '28P01':
    case '28000':
      return `PostgreSQL at ${pg} refused the login in DATABASE_URL: check the user name and password`
    case '3D000':
      return `PostgreSQL at ${pg} has no database "${databaseName(where.databaseUrl)}": create it (createdb ${databaseName(where.databaseUrl)}) or fix DATABASE_URL`
    case '57P03':
    case '53300':
      return `PostgreSQL at ${pg} does not accept connections yet (${err.message}): start again once it does`
    case '25006':
      return `PostgreSQL at ${pg} is read-only (a standby?): point DATABASE_URL at the primary`
    case '53100':
    case 'ENOSPC':
    case 'SQLITE_FULL':
      return `the disk holding the database is full: free some space and start again`
  }
  if (code?.startsWith('SQLITE_READONLY'))
    return `the SQLite database in ${where.dataDir} is read-only: give the server's user write access to DATA_DIR and the blog.sqlite files in it`
  if (code === 'SQLITE_CANTOPEN')
    return `cannot open the SQLite database in ${where.dataDir}: check that DATA_DIR exists and the server's user may write to it`
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT')
    return `the SQLite database in ${where.dataDir} is damaged or not a database: restore it from a backup`
  if (err.message.includes('timeout exceeded when trying to connect'))
    return `cannot reach PostgreSQL at ${pg} (no answer within seconds): check the host, port and firewall in DATABASE_URL`
  return `start-up failed: ${err.message.split('\n')[0]} (set LOG_LEVEL=debug to see the stack)`
}
