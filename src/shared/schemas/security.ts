import { z } from 'zod'
import { AuthResponseSchema } from './user.ts'

export const INVALID_CODE_MESSAGE = 'Invalid authentication code'
export const LOGIN_EXPIRED_MESSAGE = 'Your sign-in has expired. Please sign in again.'

/** A correct password on an account with two-factor on: no session yet, a ticket for the second step. */
export const TwoFactorChallengeSchema = z.object({ twoFactorRequired: z.literal(true), ticket: z.string() })
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>

/** POST /api/auth/login: `{user}` (signed in) or a two-factor challenge. */
export const LoginResultSchema = z.union([AuthResponseSchema, TwoFactorChallengeSchema])
export type LoginResult = z.infer<typeof LoginResultSchema>

/** A 6-digit code from the authenticator app, or a recovery code. */
export const AuthCodeSchema = z.string().trim().min(1, 'Enter the code from your authenticator app').max(40)

export const LoginVerifySchema = z.object({ ticket: z.string().min(1).max(100), code: AuthCodeSchema })
export type LoginVerifyInput = z.infer<typeof LoginVerifySchema>

export const TwoFactorStatusSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() })
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>

/** The enrolment's secret: returned once, when the setup starts, and never again. */
export const TwoFactorSetupSchema = z.object({ secret: z.string(), uri: z.string(), qrCode: z.string() })
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>

/** Turning two-factor on or off, or new recovery codes: the password and a current code. */
export const TwoFactorConfirmSchema = z.object({
  password: z.string().min(1, 'Password is required').max(1000),
  code: AuthCodeSchema,
})
export type TwoFactorConfirmInput = z.infer<typeof TwoFactorConfirmSchema>

export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) })
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>

export const SessionInfoSchema = z.object({
  id: z.string(),
  /** "Chrome on Windows": the user agent made readable. */
  device: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
})
export type SessionInfo = z.infer<typeof SessionInfoSchema>

export const SignedOutSchema = z.object({ signedOut: z.number().int() })
