import { sql } from 'kysely'
import type { Db } from '#server/db/client.ts'

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const C0_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/
// Columns that hold a name or a title, shown to the admin in lists.
const NAME_COLUMNS = /^(title|name|author_name|username|meta_title|tags)$/

function problem(column: string, value: string): string | null {
  if (C0_CONTROLS.test(value)) return 'a C0 control'
  if (LONE_SURROGATE.test(value)) return 'a lone surrogate'
  if (value !== value.normalize('NFC')) return 'text that is not NFC'
  if (NAME_COLUMNS.test(column) && BIDI_CONTROLS.test(value)) return 'a bidi control in a name'
  return null
}

/** Every text value in every table that breaks the input rules of ADR 090, as "table.column: what" lines. */
export async function invalidStoredText(db: Db): Promise<string[]> {
  const found = new Set<string>()
  for (const table of await db.introspection.getTables()) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db)
    for (const row of rows.rows) {
      for (const [column, value] of Object.entries(row)) {
        const what = typeof value === 'string' ? problem(column, value) : null
        if (what) found.add(`${table.name}.${column}: ${what}`)
      }
    }
  }
  return [...found].sort()
}
