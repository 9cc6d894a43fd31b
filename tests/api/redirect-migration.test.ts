import { Migrator, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS } from '#server/db/migrate.ts'
import { createTestDatabase } from '#test/support/test-db.ts'

type Handle = Awaited<ReturnType<typeof createTestDatabase>>

const THIS = '20261129T0300-redirect-targets-rechecked'
const BEFORE = Object.keys(MIGRATIONS)
  .sort()
  .filter((name) => name < THIS)
  .at(-1)!

describe(`migration ${THIS}: every stored redirect rule is judged again`, () => {
  let database: Handle
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.dispose())

  it('deletes open redirects and loops stored by older versions, rewrites safe targets in normal form', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of an older migration, like the migrations themselves
    const db = database.handle.db as unknown as Kysely<any>
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } })
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined()

    const rules: Array<[string, string]> = [
      ['/keep', '/blog/kept'],
      ['/keep-query', '/blog/kept?utm=1'],
      ['/tidy', '/blog//tidied/'],
      ['/net', '//evil.example'],
      ['/back', '/\\evil.example'],
      ['/encoded', '/%2F%2Fevil.example'],
      ['/phish', 'https://evil.example/phish'],
      ['/script', 'javascript:alert(1)'],
      ['/q-loop', '/q-loop?a=1'],
      ['/self', '/self'],
    ]
    await db
      .insertInto('redirects')
      .values(
        rules.map(([from, to], i) => ({
          id: `r${i}`,
          from_path: from,
          to_path: to,
          source: 'import',
          created_at: new Date().toISOString(),
        })),
      )
      .execute()

    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    const left = await db.selectFrom('redirects').select(['from_path', 'to_path']).orderBy('from_path').execute()
    expect(left.map((r) => [r.from_path, r.to_path])).toEqual([
      ['/keep', '/blog/kept'],
      ['/keep-query', '/blog/kept?utm=1'],
      ['/tidy', '/blog/tidied'],
    ])
  })
})
