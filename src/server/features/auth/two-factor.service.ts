import {
  INVALID_CODE_MESSAGE,
  type RecoveryCodes,
  type TwoFactorConfirmInput,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '#shared/schemas/security.ts'
import type { Db } from '../../db/client.ts'
import type { UserRow } from '../../db/schema.ts'
import { badRequest, conflict } from '../../errors.ts'
import { giveBack, takeOrThrow, type Limit } from '../rate-limit/rate-limit.service.ts'
import { verifyPassword } from './password.ts'
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts'
import { matchingStep, newTotpSecret, qrCodeDataUrl, totpUri } from './totp.ts'
import {
  claimStep,
  countRecoveryCodesLeft,
  deleteTwoFactor,
  enablePending,
  findTwoFactor,
  replaceRecoveryCodes,
  savePendingSecret,
  useRecoveryCode,
} from './two-factor.repo.ts'

/** Code checks have their own budget: at most 5 wrong codes per account and per network in 15 minutes. */
export const TWO_FACTOR_LIMIT: Limit = { limit: 5, windowMs: 15 * 60 * 1000 }
export const INVALID_CODE = INVALID_CODE_MESSAGE
const WRONG_PASSWORD = 'Current password is incorrect'

export const twoFactorBuckets = (userId: string, network: string) => [`2fa-user:${userId}`, `2fa-net:${network}`]

const TOTP_CODE = /^\d{6}$/

export async function isTwoFactorOn(db: Db, userId: string): Promise<boolean> {
  return Boolean((await findTwoFactor(db, userId))?.enabled_at)
}

/**
 * True when `code` is a current authenticator code not used before (its step is claimed atomically), or an unused
 * recovery code (used up atomically). Callers count the attempt against TWO_FACTOR_LIMIT first.
 */
export async function acceptCode(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  const twoFactor = await findTwoFactor(db, userId)
  if (!twoFactor?.enabled_at) return false
  const digits = code.replace(/\s/g, '')
  if (TOTP_CODE.test(digits)) {
    const step = matchingStep(twoFactor.secret, digits, now)
    return step !== null && (await claimStep(db, userId, step))
  }
  return useRecoveryCode(db, userId, hashRecoveryCode(userId, code), now)
}

export async function twoFactorStatus(db: Db, userId: string): Promise<TwoFactorStatus> {
  const enabled = await isTwoFactorOn(db, userId)
  return { enabled, recoveryCodesLeft: enabled ? await countRecoveryCodesLeft(db, userId) : 0 }
}

/** A new secret for the admin to scan; it is only a candidate until a code from it confirms it (enableTwoFactor). */
export async function startTwoFactorSetup(db: Db, user: UserRow, now: Date): Promise<TwoFactorSetup> {
  if (await isTwoFactorOn(db, user.id)) conflict('Two-factor authentication is already on')
  const secret = newTotpSecret()
  await savePendingSecret(db, user.id, secret, now)
  const uri = totpUri(secret, user.username)
  return { secret, uri, qrCode: qrCodeDataUrl(uri) }
}

/** Counts the attempt, then checks the password: every entry point below needs both. */
async function withPasswordChecked<T>(
  db: Db,
  user: UserRow,
  input: TwoFactorConfirmInput,
  network: string,
  now: Date,
  work: () => Promise<T>,
): Promise<T> {
  const buckets = twoFactorBuckets(user.id, network)
  await takeOrThrow(db, buckets, TWO_FACTOR_LIMIT, now)
  if (!(await verifyPassword(input.password, user.password_hash))) badRequest(WRONG_PASSWORD)
  const result = await work()
  await giveBack(db, buckets)
  return result
}

/** Call inside a transaction: the old codes go and the new ones come together. */
async function issueRecoveryCodes(db: Db, userId: string, now: Date): Promise<RecoveryCodes> {
  const recoveryCodes = newRecoveryCodes()
  await replaceRecoveryCodes(
    db,
    userId,
    recoveryCodes.map((code) => hashRecoveryCode(userId, code)),
    now,
  )
  return { recoveryCodes }
}

/** Password + a code from the pending secret turn two-factor on; the recovery codes are returned this once. */
export function enableTwoFactor(
  db: Db,
  user: UserRow,
  input: TwoFactorConfirmInput,
  network: string,
  now: Date,
): Promise<RecoveryCodes> {
  return withPasswordChecked(db, user, input, network, now, async () => {
    const pending = await findTwoFactor(db, user.id)
    if (!pending) return badRequest('Start the two-factor setup first')
    if (pending.enabled_at) return conflict('Two-factor authentication is already on')
    const digits = input.code.replace(/\s/g, '')
    const step = TOTP_CODE.test(digits) ? matchingStep(pending.secret, digits, now) : null
    if (step === null) return badRequest(INVALID_CODE)
    return db.transaction().execute(async (trx) => {
      if (!(await enablePending(trx, user.id, pending.secret, step, now))) conflict('The setup changed; start it again')
      return issueRecoveryCodes(trx, user.id, now)
    })
  })
}

async function requireCode(db: Db, user: UserRow, code: string, now: Date): Promise<void> {
  if (!(await isTwoFactorOn(db, user.id))) badRequest('Two-factor authentication is off')
  if (!(await acceptCode(db, user.id, code, now))) badRequest(INVALID_CODE)
}

/** Password + a current code (or a recovery code) turn it off and drop the secret and recovery codes. */
export function disableTwoFactor(
  db: Db,
  user: UserRow,
  input: TwoFactorConfirmInput,
  network: string,
  now: Date,
): Promise<void> {
  return withPasswordChecked(db, user, input, network, now, async () => {
    await requireCode(db, user, input.code, now)
    await db.transaction().execute((trx) => deleteTwoFactor(trx, user.id))
  })
}

/** Password + a current code: a new set of recovery codes, the old ones void. */
export function regenerateRecoveryCodes(
  db: Db,
  user: UserRow,
  input: TwoFactorConfirmInput,
  network: string,
  now: Date,
): Promise<RecoveryCodes> {
  return withPasswordChecked(db, user, input, network, now, async () => {
    await requireCode(db, user, input.code, now)
    return db.transaction().execute((trx) => issueRecoveryCodes(trx, user.id, now))
  })
}
