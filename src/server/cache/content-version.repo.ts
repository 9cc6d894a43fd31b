import { sql } from 'kysely'
import type { Db } from '../db/client.ts'

export async function readContentVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('content_version').select('version').where('id', '=', 1).executeTakeFirst()
  return Number(row?.version ?? 0)
}

/** Atomic on both engines; returns the new number. */
export async function bumpContentVersion(db: Db): Promise<number> {
  const row = await db
    .updateTable('content_version')
    .set({ version: sql<number>`version + 1` })
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirst()
  return Number(row?.version ?? 0)
}
