import { randomBytes } from 'node:crypto'
import type { Db } from '../../db/client.ts'

/**
 * A named random secret kept in the database, so every instance signs and hashes with the same key. The first
 * instance to ask creates it; the others (even starting at the same moment) read the one that won.
 */
export async function loadSecret(db: Db, name: string, now: Date): Promise<Buffer> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(32).toString('base64url'), created_at: now.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow()
  return Buffer.from(row.value, 'base64url')
}
