/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import { SqliteAdapter, sql, type Kysely } from 'kysely'

const DIMENSIONS = ['source', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'device', 'browser']

// Frozen in time: never import app code here, never edit after it lands.
export async function up(db: Kysely<any>): Promise<void> {
  // On SQLite the rows are stored in key order (day first): a range of days is read as one sequential run.
  const clustered = db.getExecutor().adapter instanceof SqliteAdapter ? sql`without rowid` : sql``
  // One row per period (a day, or a month once rolled up), post and combination of the seven values ('' when a view
  // had none): clicking a row can then filter every other table. Aggregates only: nothing here identifies a reader.
  let facts = db.schema
    .createTable('analytics_facts')
    .addColumn('span', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
  for (const d of DIMENSIONS) facts = facts.addColumn(d, 'text', (c) => c.notNull())
  await facts
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_facts_pk', ['day', 'post_id', 'span', ...DIMENSIONS] as any)
    .modifyEnd(clustered)
    .execute()
  await db.schema.createIndex('analytics_facts_post_idx').on('analytics_facts').columns(['post_id', 'day']).execute()
  // The same without the post: what the screen reads when no post is picked (far fewer rows per day).
  let site = db.schema
    .createTable('analytics_site_facts')
    .addColumn('span', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
  for (const d of DIMENSIONS) site = site.addColumn(d, 'text', (c) => c.notNull())
  await site
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_site_facts_pk', ['day', 'span', ...DIMENSIONS] as any)
    .modifyEnd(clustered)
    .execute()
  // Per post and period, all values together: the top posts without a row filter read these.
  await db.schema
    .createTable('analytics_post_totals')
    .addColumn('span', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_post_totals_pk', ['day', 'post_id', 'span'])
    .modifyEnd(clustered)
    .execute()
  await db.schema
    .createIndex('analytics_post_totals_post_idx')
    .on('analytics_post_totals')
    .columns(['post_id', 'day'])
    .execute()

  // Per-dimension rows cannot be combined: the device rows carry each day's views and visitors over, the rest of
  // the old breakdown is not kept.
  await sql`
    insert into analytics_facts (span, day, post_id, source, referrer, utm_source, utm_medium, utm_campaign, device,
      browser, views, visitors)
    select 'day', day, post_id, '', '', '', '', '', value, '', views, visitors
    from analytics_daily where dimension = 'device'`.execute(db)
  await sql`
    insert into analytics_site_facts (span, day, source, referrer, utm_source, utm_medium, utm_campaign, device,
      browser, views, visitors)
    select 'day', day, '', '', '', '', '', value, '', sum(views), sum(visitors)
    from analytics_daily where dimension = 'device' group by day, value`.execute(db)
  await sql`
    insert into analytics_post_totals (span, day, post_id, views, visitors)
    select 'day', day, post_id, sum(views), sum(visitors)
    from analytics_daily where dimension = 'device' group by day, post_id`.execute(db)
  await db.schema.dropTable('analytics_daily').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_daily')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_daily_pk', ['day', 'dimension', 'value', 'post_id'])
    .execute()
  await db.schema.createIndex('analytics_daily_post_idx').on('analytics_daily').columns(['post_id', 'day']).execute()
  for (const d of DIMENSIONS)
    await sql`
      insert into analytics_daily (day, dimension, value, post_id, views, visitors)
      select day, ${d}, ${sql.ref(d)}, post_id, sum(views), sum(visitors) from analytics_facts
      where ${sql.ref(d)} <> '' group by day, ${sql.ref(d)}, post_id`.execute(db)
  await db.schema.dropTable('analytics_post_totals').execute()
  await db.schema.dropTable('analytics_site_facts').execute()
  await db.schema.dropTable('analytics_facts').execute()
}
