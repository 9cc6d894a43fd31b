import { sql } from 'kysely'
import type { Db } from '../../db/client.ts'

/** A read of nothing: whether the database answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db)
}

/** Rewrites one row unchanged, which still writes a new row version on both engines. */
export async function probeWrite(db: Db): Promise<void> {
  await sql`update content_version set version = version where id = 1`.execute(db)
}
