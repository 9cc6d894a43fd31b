import { timingSafeEqual } from 'node:crypto'
import type { Db } from '../../db/client.ts'
import { loadSecret } from '../secrets/secrets.service.ts'

const NAME = 'setup-token'

/**
 * The one-time token that lets whoever can read the server's log create the first admin. Kept with the server
 * secrets, so every instance prints and accepts the same one; it is deleted when the admin is created.
 */
export async function setupToken(db: Db, now: Date): Promise<string> {
  return (await loadSecret(db, NAME, now)).toString('base64url')
}

/** Whether `given` is the setup token; false when there is none (never created, or already used). */
export async function isSetupToken(db: Db, given: string): Promise<boolean> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', NAME).executeTakeFirst()
  if (!row) return false
  const expected = Buffer.from(row.value)
  const actual = Buffer.from(given)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

export async function forgetSetupToken(db: Db): Promise<void> {
  await db.deleteFrom('server_secrets').where('name', '=', NAME).execute()
}
