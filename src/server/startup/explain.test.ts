import { describe, expect, it } from 'vitest'
import { loadEnv } from '../env.ts'
import { explainStartupFailure } from './explain.ts'

const withCode = (code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error('x'), { code }, extra)
const where = {
  databaseUrl: 'postgres://blog:s3cret@db.internal:6543/blog',
  dataDir: '/srv/blog/data',
  host: '127.0.0.1',
  port: 3000,
}

describe('explainStartupFailure', () => {
  it.each([
    [
      withCode('ECONNREFUSED'),
      'cannot reach PostgreSQL at db.internal:6543 (ECONNREFUSED): start it or fix the host and port in DATABASE_URL',
    ],
    [
      withCode('28P01'),
      'PostgreSQL at db.internal:6543 refused the login in DATABASE_URL: check the user name and password',
    ],
    [
      withCode('3D000'),
      'PostgreSQL at db.internal:6543 has no database "blog": create it (createdb blog) or fix DATABASE_URL',
    ],
    [
      withCode('EADDRINUSE', { syscall: 'listen' }),
      'port 127.0.0.1:3000 is already in use: stop the other server or set PORT to a free port',
    ],
    [
      withCode('SQLITE_READONLY'),
      "the SQLite database in /srv/blog/data is read-only: give the server's user write access to DATA_DIR and the blog.sqlite files in it",
    ],
    [withCode('SQLITE_FULL'), 'the disk holding the database is full: free some space and start again'],
    [
      new Error('Migration failed', { cause: withCode('25006') }),
      'PostgreSQL at db.internal:6543 is read-only (a standby?): point DATABASE_URL at the primary',
    ],
  ])('%s', (error, line) => {
    expect(explainStartupFailure(error, where)).toBe(line)
  })

  it('names the bad environment variable', () => {
    let error: unknown
    try {
      loadEnv({ PORT: '99999' })
    } catch (err) {
      error = err
    }
    expect(explainStartupFailure(error, {})).toMatch(/^invalid environment: PORT: .+; fix it and start again$/)
  })

  it('never shows the password of DATABASE_URL, and is one line', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', '28P01', '3D000', '25006', 'whatever']) {
      const line = explainStartupFailure(withCode(code), where)
      expect(line).not.toContain('s3cret')
      expect(line).not.toContain('\n')
    }
  })
})
