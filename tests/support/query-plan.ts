import { CompiledQuery, sql } from 'kysely'
import type { Db, Engine } from '#server/db/client.ts'

type PgNode = {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'Plan Rows': number
  Plans?: PgNode[]
}

function walkPg(node: PgNode, out: PgNode[] = []): PgNode[] {
  out.push(node)
  for (const child of node.Plans ?? []) walkPg(child, out)
  return out
}

/**
 * The query's plan, and what in it would make its cost grow with the blog: a full scan of one of `tables`, or (when
 * `ordered`) sorting the rows instead of walking an index in order. On SQLite any SCAN of a table counts, through an
 * index too (a walk of a whole index to serve an ORDER BY reads every row). On PostgreSQL sequential scans are
 * switched off for the session, so a plan that still has one has no index it could use.
 */
export async function planProblems(
  db: Db,
  engine: Engine,
  query: { sql: string; parameters: readonly unknown[] },
  opts: { tables: string[]; ordered: boolean },
): Promise<{ plan: string; problems: string[] }> {
  if (engine === 'sqlite') {
    const result = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    )
    const details = result.rows.map((r) => r.detail)
    const problems: string[] = []
    for (const detail of details) {
      const scan = /^SCAN (\w+)(.*)$/.exec(detail)
      if (scan && opts.tables.includes(scan[1]!) && !/VIRTUAL TABLE/.test(scan[2]!)) problems.push(detail)
      if (opts.ordered && /TEMP B-TREE FOR ORDER BY/.test(detail)) problems.push(detail)
    }
    return { plan: details.join(' | '), problems }
  }
  const root = await pgPlan(db, query, 'format json')
  const problems: string[] = []
  for (const node of walkPg(root)) {
    if (node['Node Type'] === 'Seq Scan' && opts.tables.includes(node['Relation Name'] ?? ''))
      problems.push(`Seq Scan on ${node['Relation Name']}`)
    if (opts.ordered && /Sort/.test(node['Node Type'])) problems.push(node['Node Type'])
  }
  return { plan: JSON.stringify(root), problems }
}

/** PostgreSQL: the query's plan under EXPLAIN with `options`, planned on one connection with sequential scans off. */
async function pgPlan(
  db: Db,
  query: { sql: string; parameters: readonly unknown[] },
  options: string,
): Promise<PgNode> {
  return db.connection().execute(async (conn) => {
    await sql`set enable_seqscan = off`.execute(conn)
    try {
      const result = await conn.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PgNode }> }>(
        CompiledQuery.raw(`explain (${options}) ${query.sql}`, [...query.parameters]),
      )
      return result.rows[0]!['QUERY PLAN'][0]!.Plan
    } finally {
      await sql`set enable_seqscan = on`.execute(conn)
    }
  })
}
