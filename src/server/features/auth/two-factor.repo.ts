import type { Db } from '../../db/client.ts'

export type TwoFactorRow = { secret: string; enabled_at: string | null; last_step: number | null }

export async function findTwoFactor(db: Db, userId: string): Promise<TwoFactorRow | undefined> {
  return db
    .selectFrom('user_two_factor')
    .select(['secret', 'enabled_at', 'last_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** Starts (or restarts) an enrolment with a new secret; never replaces an enabled one. */
export async function savePendingSecret(db: Db, userId: string, secret: string, now: Date): Promise<void> {
  const at = now.toISOString()
  await db
    .insertInto('user_two_factor')
    .values({ user_id: userId, secret, enabled_at: null, last_step: null, created_at: at })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ secret, created_at: at }).where('user_two_factor.enabled_at', 'is', null),
    )
    .execute()
}

/** Turns the pending enrolment on, once, if its secret is still `secret`; the confirming code's step counts as used. */
export async function enablePending(db: Db, userId: string, secret: string, step: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('user_two_factor')
    .set({ enabled_at: now.toISOString(), last_step: step })
    .where('user_id', '=', userId)
    .where('secret', '=', secret)
    .where('enabled_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Marks `step` used, atomically: succeeds only if no code of this or a later step was accepted before, so a code
 * (or an older one still inside the window) cannot be used twice, even by two requests at once on two instances.
 */
export async function claimStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('user_two_factor')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function deleteTwoFactor(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
  await db.deleteFrom('user_two_factor').where('user_id', '=', userId).execute()
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[], now: Date): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
  const at = now.toISOString()
  await db
    .insertInto('recovery_codes')
    .values(
      hashes.map((code_hash) => ({
        id: crypto.randomUUID(),
        user_id: userId,
        code_hash,
        used_at: null,
        created_at: at,
      })),
    )
    .execute()
}

/** Uses up a recovery code, atomically: true only for the one request that found it unused. */
export async function useRecoveryCode(db: Db, userId: string, hash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
