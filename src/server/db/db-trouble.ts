/**
 * What a database error means for the instance, beyond the request that met it:
 * - 'unreachable': the connection is gone or cannot be made (restart, failover, network, terminated backend);
 * - 'not-writable': reads work but writes are refused (disk full, read-only database or standby, I/O error).
 * Both are the operator's problem, not the request's: they answer 503, never 500.
 */
export type DbTrouble = 'unreachable' | 'not-writable'

const UNREACHABLE_CODES = new Set([
  // PostgreSQL: admin_shutdown (pg_terminate_backend), crash_shutdown, cannot_connect_now, idle_session_timeout,
  // too_many_connections, database dropped or renamed
  '57P01',
  '57P02',
  '57P03',
  '57P05',
  '53300',
  '3D000',
  // the socket
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  // SQLite: the file is gone or is not a database any more
  'SQLITE_CANTOPEN',
  'SQLITE_NOTADB',
  'SQLITE_CORRUPT',
])
// PostgreSQL: read_only_sql_transaction, disk_full, io_error; the file system under DATA_DIR: full, read-only, quota
const NOT_WRITABLE_CODES = new Set(['25006', '53100', '58030', 'ENOSPC', 'EROFS', 'EDQUOT'])
const NOT_WRITABLE_PREFIXES = ['SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_IOERR']
// pg's own errors for a dead or unobtainable connection carry no code.
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
  'is not currently accepting connections', // ALTER DATABASE … ALLOW_CONNECTIONS false (55000, a code with other uses)
]

function troubleOf(error: unknown, depth: number): DbTrouble | null {
  if (!(error instanceof Error) || depth > 3) return null
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return 'unreachable' // connection_exception class
    if (UNREACHABLE_CODES.has(code)) return 'unreachable'
    if (NOT_WRITABLE_CODES.has(code) || NOT_WRITABLE_PREFIXES.some((prefix) => code.startsWith(prefix)))
      return 'not-writable'
  }
  if (UNREACHABLE_MESSAGES.some((text) => error.message.includes(text))) return 'unreachable'
  // Node reports a refused connection to every address of a host as one AggregateError.
  const inner = error instanceof AggregateError ? error.errors[0] : error.cause
  return troubleOf(inner, depth + 1)
}

export function databaseTrouble(error: unknown): DbTrouble | null {
  return troubleOf(error, 0)
}
