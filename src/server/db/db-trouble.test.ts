import { describe, expect, it } from 'vitest'
import { databaseTrouble } from './db-trouble.ts'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('databaseTrouble', () => {
  it.each([
    [
      'a backend ended by pg_terminate_backend',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['idle_session_timeout', withCode('57P05', 'terminating connection due to idle-session timeout')],
    ['a server still starting up', withCode('57P03')],
    ['a connection exception', withCode('08006')],
    ['a refused socket', withCode('ECONNREFUSED')],
    ['a dead pooled client', new Error('Connection terminated unexpectedly')],
    ['no connection within the pool timeout', new Error('timeout exceeded when trying to connect')],
    ['refused on every address of a host', new AggregateError([withCode('ECONNREFUSED')], '')],
    ['a wrapped cause', new Error('query failed', { cause: withCode('57P01') })],
  ])('%s: unreachable', (_, error) => {
    expect(databaseTrouble(error)).toBe('unreachable')
  })

  it.each([
    ['a read-only transaction (standby, default_transaction_read_only)', withCode('25006')],
    ['a full disk on PostgreSQL', withCode('53100')],
    ['a full disk on SQLite', withCode('SQLITE_FULL')],
    ['a read-only SQLite file', withCode('SQLITE_READONLY_DBMOVED')],
    ['an SQLite I/O error', withCode('SQLITE_IOERR_WRITE')],
    ['a full disk under a file the server writes (an upload, saved view counts)', withCode('ENOSPC')],
    ['a read-only file system', withCode('EROFS')],
    ['a used-up disk quota', withCode('EDQUOT')],
  ])('%s: not writable', (_, error) => {
    expect(databaseTrouble(error)).toBe('not-writable')
  })

  it.each([
    ['a unique violation', withCode('23505')],
    ['an SQLite constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a bug', new TypeError('x is undefined')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s: none', (_, error) => {
    expect(databaseTrouble(error)).toBeNull()
  })
})
