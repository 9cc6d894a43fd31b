import type { Db } from '../../db/client.ts'

/**
 * Claims the right to send a reset email: stores the new link's hash unless an email went out to this account
 * after `sentBefore`. Atomic (one upsert), so two requests at once send one email. True when claimed.
 */
export async function claimReset(
  db: Db,
  userId: string,
  link: { hash: string; expiresAt: string; now: string; sentBefore: string },
): Promise<boolean> {
  const result = await db
    .insertInto('password_resets')
    .values({ user_id: userId, token_hash: link.hash, expires_at: link.expiresAt, sent_at: link.now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ token_hash: link.hash, expires_at: link.expiresAt, sent_at: link.now })
        .where('password_resets.sent_at', '<', link.sentBefore),
    )
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
}

/** The account a live link belongs to. */
export async function findResetUserId(db: Db, hash: string, now: Date): Promise<string | undefined> {
  const row = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', hash)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  return row?.user_id
}

/** Single use: true only for the one caller that voided the live link. */
export async function consumeReset(db: Db, hash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ token_hash: null })
    .where('token_hash', '=', hash)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** A mail that never left gives the account its chance back. */
export async function releaseReset(db: Db, userId: string, sentAt: string): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).where('sent_at', '=', sentAt).execute()
}
