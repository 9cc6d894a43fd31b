/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import { SqliteAdapter, sql, type Kysely } from 'kysely'

const DIMENSIONS = ['source', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'device', 'browser']

// Frozen in time: never import app code here, never edit after it lands.
//
// Per post, dimension and value, by month (`day` is the month's 1st; summed from the per-post combinations): the top
// posts under one row filter read the matching month rows alone, keyed dimension, value, month first, so a range of
// months is one run of the primary key (the days at a range's ends come from the combinations).
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter
  await db.schema
    .createTable('analytics_post_values')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_post_values_pk', ['dimension', 'value', 'day', 'post_id'])
    .modifyEnd(sqlite ? sql`without rowid` : sql``)
    .execute()
  // A month's row sums its days and any month row already rolled up from them. '' (no referrer, no campaign) is never
  // a filter, so it is not kept. Inserted in key order: SQLite appends.
  for (const d of DIMENSIONS)
    await sql`
      insert into analytics_post_values (day, dimension, value, post_id, views, visitors)
      select substr(day, 1, 7) || '-01', ${sql.lit(d)}, ${sql.ref(d)}, post_id, sum(views), sum(visitors)
      from analytics_facts where ${sql.ref(d)} <> ''
      group by substr(day, 1, 7), ${sql.ref(d)}, post_id
      order by 3, 1, 4`.execute(db)
  // Deleting a post deletes its rows: without this, every delete would scan the table.
  await db.schema
    .createIndex('analytics_post_values_post_idx')
    .on('analytics_post_values')
    .columns(['post_id', 'day'])
    .execute()
  await sql`analyze analytics_post_values`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_post_values').execute()
}
