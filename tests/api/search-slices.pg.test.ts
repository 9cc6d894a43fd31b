import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '#server/db/client.ts'
import { MAX_NAMED_LENGTH } from '#server/db/named-statements.ts'
import { insertPostsWithState } from '#server/features/posts/posts.bulk.ts'
import { searchPosts } from '#server/features/posts/posts.search.repo.ts'
import {
  COUNTED_SLICES,
  NEAR_SLICES,
  slicedCount,
  slicedSearchStatement,
  TITLE_NEAR_SLICES,
} from '#server/features/posts/search-sliced.postgres.ts'
import {
  searchSlices,
  sliceCondition,
  slicesOf,
  splitSearchSlices,
  type Slice,
} from '#server/features/posts/search-slices.postgres.ts'
import { countBound, countedTo, type SearchQuery } from '#server/features/posts/search-tiers.ts'
import { pgGenericAnalyzedNodes } from '#test/support/query-plan.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { adminId } from './posts.fixtures.ts'

const SIZE = 100
const MINUTE = 60_000
const START = Date.parse('2026-01-01T00:00:00.000Z')

/** Published posts from `first`, one a minute, all about kestrels; every tenth has it in its title, every 300th says "osprey". */
async function addPosts(t: TestApp, first: number, count: number) {
  const db = t.app.ctx.db
  const author = await adminId(t)
  await insertPostsWithState(
    db,
    Array.from({ length: count }, (_, k) => {
      const i = first + k
      const at = new Date(START + i * MINUTE).toISOString()
      return {
        id: `post-${String(i).padStart(5, '0')}`,
        title: i % 10 ? `Note ${i}` : `Kestrel ${i}`,
        slug: `p-${i}`,
        content: `a kestrel${i % 300 ? '' : ' and an osprey'}`,
        excerpt: '',
        category_id: null,
        author_id: author,
        status: 'published',
        tags: '[]',
        reading_time: 1,
        views: 0,
        published_at: at,
        featured: 0,
        featured_at: null,
        created_at: at,
        updated_at: at,
      }
    }),
  )
  await sql`analyze`.execute(db)
}

const postsIn = async (db: Db, slice: Slice) =>
  (
    await sql<{
      n: number
    }>`select count(*)::int as n from published_search_words where ${sql.raw(sliceCondition(slice))}`.execute(db)
  ).rows[0]!.n
const sliceIndexes = async (db: Db) =>
  (
    await sql<{
      name: string
      valid: boolean
    }>`select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
    where c.relname like 'published_search_words_slice_%' order by 1`.execute(db)
  ).rows
const kestrels = (sort: SearchQuery['sort'] = 'latest', words = ['kestrel']): SearchQuery => ({
  words,
  status: 'published',
  sort,
})

describe('search slices (PostgreSQL: docs/decisions/096)', () => {
  let t: TestApp
  let db: Db
  beforeAll(async () => {
    t = await createTestApp()
    db = t.app.ctx.db
    await addPosts(t, 0, 1200)
  })
  afterAll(() => t.close())

  it('cuts the blog into slices of SIZE to twice SIZE posts, each with its two indexes, and cuts the newest again as it grows', async () => {
    expect(await searchSlices(db)).toEqual([{ from: undefined, to: undefined }])
    expect(await splitSearchSlices(db, SIZE)).toBe(11)
    expect(await splitSearchSlices(db, SIZE)).toBe(0)
    const slices = await searchSlices(db)
    expect(slices).toHaveLength(12)
    for (const slice of slices) expect(await postsIn(db, slice)).toBe(SIZE)
    expect((await sliceIndexes(db)).map((i) => i.valid)).toEqual(Array(24).fill(true))

    await addPosts(t, 1200, 250) // the newest slice now holds 350
    expect(await splitSearchSlices(db, SIZE)).toBe(2)
    const grown = await searchSlices(db)
    expect(grown.slice(0, 11)).toEqual(slices.slice(0, 11))
    expect(await Promise.all(grown.slice(11).map((s) => postsIn(db, s)))).toEqual([117, 116, 117])
    const indexes = await sliceIndexes(db)
    expect(indexes).toHaveLength(28)
    expect(indexes.every((i) => i.valid)).toBe(true)
  })

  it('cuts on one instance at a time, and drops slice indexes no slice owns', async () => {
    await sql`create index published_search_words_slice_stray_w on published_search_words using gin (words) where published_at < '2000'`.execute(
      db,
    )
    await addPosts(t, 1450, 250)
    await db.connection().execute(async (other) => {
      await sql`select pg_advisory_lock(7361094)`.execute(other)
      expect(await splitSearchSlices(db, SIZE)).toBe(0)
      await sql`select pg_advisory_unlock(7361094)`.execute(other)
    })
    expect((await sliceIndexes(db)).map((i) => i.name)).toContain('published_search_words_slice_stray_w')
    expect(await splitSearchSlices(db, SIZE)).toBeGreaterThan(0)
    const indexes = (await sliceIndexes(db)).map((i) => i.name)
    expect(indexes).not.toContain('published_search_words_slice_stray_w')
    expect(indexes).toHaveLength(2 * (await searchSlices(db)).length)
  })

  it('gives the same pages with any boundaries: the current ones, an older set, or none; and a count no higher than the whole one, the same when exact', async () => {
    const current = await searchSlices(db)
    const older = current.filter((_, i) => i % 3 === 0).map((s, i, all) => ({ from: s.from, to: all[i + 1]?.from }))
    expect(current.length).toBeGreaterThan(COUNTED_SLICES)
    expect(older.length).toBeLessThanOrEqual(COUNTED_SLICES)
    const run = async (q: SearchQuery, page: { limit: number; offset: number }, slices: Slice[]) =>
      (
        await slicedSearchStatement(
          q,
          page,
          slices,
          sql`to_tsquery('simple', ${q.words.map((w) => `'${w}'`).join(' & ')})`,
        ).execute(db)
      ).rows
    for (const q of [
      kestrels('latest'),
      kestrels('oldest'),
      kestrels('latest', ['osprey']),
      kestrels('latest', ['kestrel', 'osprey']),
    ]) {
      for (const page of [
        { limit: 9, offset: 0 },
        { limit: 2, offset: 2 },
        { limit: 9, offset: 171 },
        { limit: 50, offset: 1650 },
      ]) {
        const whole = await run(q, page, [{}])
        const wholeCount = countedTo(whole[0]!.total, countBound(page))
        for (const slices of [current, older]) {
          const rows = await run(q, page, slices)
          const label = `${JSON.stringify(q)} ${page.offset} ${slices.length} slices`
          expect(
            rows.map(({ total: _, ...row }) => row),
            label,
          ).toEqual(whole.map(({ total: _, ...row }) => row))
          const count = slicedCount(rows[0]!.total, rows[0]!.more, rows.filter((r) => r.id).length, page, slices)
          if (count.exact) expect(count, label).toEqual(wholeCount)
          else expect(count.total, label).toBeLessThanOrEqual(wholeCount.total)
        }
      }
    }
  })

  it('counts the nearest slices one by one, at most COUNTED_SLICES, lists the nearest slices and then the rest of the table as one part, and stops once the page and the count are full', async () => {
    const slices = await searchSlices(db)
    expect(slices.length).toBeGreaterThan(COUNTED_SLICES + 1)
    const statement = slicedSearchStatement(
      kestrels(),
      { limit: 9, offset: 0 },
      slices,
      sql`to_tsquery('simple', ${"'kestrel'"})`,
    ).compile(db)
    const nodes = await pgGenericAnalyzedNodes(db, statement)
    const scans = nodes.filter((n) => n['Node Type'] === 'Bitmap Index Scan')
    // The count: the nearest COUNTED_SLICES slices, each from its own index, and nothing past them. The matches, and
    // the title matches: fewer of the nearest slices each from their own indexes, then the rest of the table from its
    // whole indexes.
    expect(TITLE_NEAR_SLICES).toBeLessThan(NEAR_SLICES)
    expect(scans).toHaveLength(COUNTED_SLICES + (NEAR_SLICES + 1) + (TITLE_NEAR_SLICES + 1))
    expect(scans.filter((n) => n['Index Name']?.startsWith('published_search_words_slice_'))).toHaveLength(
      COUNTED_SLICES + NEAR_SLICES + TITLE_NEAR_SLICES,
    )
    const read = scans.filter((n) => n['Actual Loops'] > 0).map((n) => n['Index Name']!)
    // Every post is a match: the page reads the newest slice alone (its titles, its matches); the count reads the
    // newest slices until it has 1,000 or has read COUNTED_SLICES of them, and never the whole table.
    const newestFirst = await Promise.all([...slices].reverse().map((s) => postsIn(db, s)))
    let needed = 0
    for (let posts = 0; posts < 1000 && needed < COUNTED_SLICES; needed++) posts += newestFirst[needed]!
    const counted = newestFirst.slice(0, needed).reduce((a, b) => a + b, 0)
    const newest = read.filter((name) => name.endsWith('_t'))
    expect(newest).toHaveLength(1)
    expect(read.filter((name) => name === newest[0]!.replace(/_t$/, '_w'))).toHaveLength(2)
    expect(read.filter((name) => name.endsWith('_w'))).toHaveLength(1 + needed)
    expect(read).not.toContain('published_search_words_idx')
    expect(read).not.toContain('published_search_words_title_idx')
    const found = await searchPosts(db, kestrels(), { limit: 9, offset: 0 })
    expect(found.hits.map((h) => h.id)).toEqual([
      'post-01690',
      'post-01680',
      'post-01670',
      'post-01660',
      'post-01650',
      'post-01640',
      'post-01630',
      'post-01620',
      'post-01610',
    ])
    // At least that many: the count stopped at its bound, or at its slices with more past the page.
    expect({ total: found.total, exact: found.exact }).toEqual({ total: Math.min(counted, 1000), exact: false })
  })

  it("counts a rare word in the nearest COUNTED_SLICES slices only, lists its matches and title matches past them from the whole table's indexes, and counts exactly on the page that shows the last match", async () => {
    const slices = await searchSlices(db)
    const statement = slicedSearchStatement(
      kestrels('latest', ['osprey']),
      { limit: 9, offset: 0 },
      slices,
      sql`to_tsquery('simple', ${"'osprey'"})`,
    ).compile(db)
    const read = (await pgGenericAnalyzedNodes(db, statement))
      .filter((n) => n['Node Type'] === 'Bitmap Index Scan' && n['Actual Loops'] > 0)
      .map((n) => n['Index Name']!)
    expect(read.filter((name) => name.endsWith('_w'))).toHaveLength(COUNTED_SLICES + NEAR_SLICES)
    expect(read.filter((name) => name.endsWith('_t'))).toHaveLength(TITLE_NEAR_SLICES)
    expect(read.filter((name) => name === 'published_search_words_idx')).toHaveLength(1)
    expect(read.filter((name) => name === 'published_search_words_title_idx')).toHaveLength(1)
    const search = async (limit: number, offset: number) => {
      const found = await searchPosts(db, kestrels('latest', ['osprey']), { limit, offset })
      return { ids: found.hits.map((h) => h.id), total: found.total, exact: found.exact }
    }
    // Six ospreys, three of them in the nearest slices.
    expect(await search(9, 0)).toEqual({
      ids: ['post-01500', 'post-01200', 'post-00900', 'post-00600', 'post-00300', 'post-00000'],
      total: 6,
      exact: true,
    })
    expect(await search(2, 0)).toEqual({ ids: ['post-01500', 'post-01200'], total: 3, exact: false })
    expect(await search(2, 2)).toEqual({ ids: ['post-00900', 'post-00600'], total: 5, exact: false })
    expect(await search(2, 4)).toEqual({ ids: ['post-00300', 'post-00000'], total: 6, exact: true })
    expect(await search(2, 6)).toEqual({ ids: [], total: 3, exact: false })
  })

  it('counts at most COUNTED_SLICES slices, so a search at any size is one named statement', () => {
    const boundaries = Array.from({ length: 199 }, (_, i) => new Date(START + i * 7 * 86_400_000).toISOString())
    const many = slicesOf(boundaries)
    for (const sort of ['latest', 'oldest'] as const) {
      const text = slicedSearchStatement(
        kestrels(sort),
        { limit: 9, offset: 0 },
        many,
        sql`to_tsquery('simple', ${"'kestrel'"})`,
      ).compile(db).sql
      expect(text.match(/select from published_search_words where/g)).toHaveLength(COUNTED_SLICES)
      expect(text.length).toBeLessThanOrEqual(MAX_NAMED_LENGTH)
    }
  })

  it('keeps one plan per statement: a search runs the statement its connection already planned', async () => {
    await db.connection().execute(async (conn) => {
      const plans = async () =>
        (
          await sql<{
            statement: string
            generic: number
            custom: number
          }>`select statement, generic_plans::int as generic, custom_plans::int as custom
        from pg_prepared_statements where statement like '%title_words @@%' and statement not like '%pg_prepared_statements%'`.execute(
            conn,
          )
        ).rows
      const before = new Map((await plans()).map((p) => [p.statement, p]))
      for (const words of [['kestrel'], ['osprey'], ['kes'], ['kestrel', 'osp']])
        expect(
          (await searchPosts(conn, kestrels('latest', words), { limit: 9, offset: 0 })).hits.length,
        ).toBeGreaterThan(0)
      const runs = (await plans()).map((p) => ({
        generic: p.generic - (before.get(p.statement)?.generic ?? 0),
        custom: p.custom - (before.get(p.statement)?.custom ?? 0),
      }))
      expect(runs.filter((r) => r.generic || r.custom)).toEqual([{ generic: 4, custom: 0 }])
    })
  })
})
