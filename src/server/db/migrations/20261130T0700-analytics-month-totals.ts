/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import { SqliteAdapter, sql, type Kysely } from 'kysely'

const DIMENSIONS = ['source', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'device', 'browser']

// Frozen in time: never import app code here, never edit after it lands.
//
// The site-wide rows and per-post totals are kept by month as well as by day from now on (a long range reads its
// months plus the days at its ends), and keyed span first, so the day rows of a range and the month rows of a range
// are each one run of the primary key.
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter
  const dims = sql.join(DIMENSIONS.map((d) => sql.ref(d)))
  const tables = [
    { table: 'analytics_post_totals', keys: ['post_id'] },
    { table: 'analytics_site_facts', keys: DIMENSIONS },
  ]
  for (const { table, keys } of tables) {
    const pk = ['span', 'day', ...keys]
    if (sqlite) {
      // SQLite cannot change a primary key in place: the table is rebuilt (WITHOUT ROWID, as before).
      let next = db.schema.createTable(`${table}_next`).addColumn('span', 'text', (c) => c.notNull())
      next = next.addColumn('day', 'text', (c) => c.notNull())
      for (const key of keys)
        next = next.addColumn(key, 'text', (c) =>
          key === 'post_id' ? c.notNull().references('posts.id').onDelete('cascade') : c.notNull(),
        )
      await next
        .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint(`${table}_pk`, pk as any)
        .modifyEnd(sql`without rowid`)
        .execute()
      await sql`insert into ${sql.table(`${table}_next`)} select * from ${sql.table(table)}`.execute(db)
      await db.schema.dropTable(table).execute()
      await db.schema.alterTable(`${table}_next`).renameTo(table).execute()
      if (table === 'analytics_post_totals')
        await db.schema.createIndex(`${table}_post_idx`).on(table).columns(['post_id', 'day']).execute()
    } else {
      await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_pk`)},
        add constraint ${sql.ref(`${table}_pk`)} primary key (${sql.join(pk.map((k) => sql.ref(k)))})`.execute(db)
    }
    const grouped = table === 'analytics_post_totals' ? sql`post_id` : dims
    await sql`
      insert into ${sql.table(table)} (span, day, ${grouped}, views, visitors)
      select 'month', substr(day, 1, 7) || '-01', ${grouped}, sum(views), sum(visitors)
      from ${sql.table(table)} where span = 'day'
      group by substr(day, 1, 7), ${grouped}
      on conflict (${sql.join(pk.map((k) => sql.ref(k)))}) do nothing`.execute(db)
    // A month already kept as a row was rolled up: it has no day rows left, so nothing above collides with it.
    await sql`analyze ${sql.table(table)}`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // Months that are not rolled up (they still have day rows) lose their month rows; the old key order comes back.
  for (const [table, pk] of [
    ['analytics_post_totals', ['day', 'post_id', 'span']],
    ['analytics_site_facts', ['day', 'span', ...DIMENSIONS]],
  ] as const) {
    await sql`
      delete from ${sql.table(table)} as m where span = 'month' and exists (
        select 1 from ${sql.table(table)} as d where d.span = 'day' and substr(d.day, 1, 7) = substr(m.day, 1, 7))`.execute(
      db,
    )
    if (db.getExecutor().adapter instanceof SqliteAdapter) continue // the key order does not change what SQLite reads
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_pk`)},
      add constraint ${sql.ref(`${table}_pk`)} primary key (${sql.join(pk.map((k) => sql.ref(k)))})`.execute(db)
  }
}
