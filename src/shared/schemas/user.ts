import { z } from 'zod'
import { lineText } from './common.ts'

export const UserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  createdAt: z.string(),
})
export type User = z.infer<typeof UserSchema>

export const AuthResponseSchema = z.object({ user: UserSchema })
export type AuthResponse = z.infer<typeof AuthResponseSchema>

export const LoginSchema = z.object({
  username: z.string().min(1, 'Username is required').max(200),
  password: z.string().min(1, 'Password is required').max(1000),
})
export type LoginInput = z.infer<typeof LoginSchema>

export const PASSWORD_MIN = 8
export const NewPassword = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(1000)

export const SETUP_TOKEN_MISSING = 'Open the setup link printed in the server’s log'

export const SetupSchema = z.object({
  username: lineText().trim().min(1, 'Username is required').max(60),
  email: z.email('Enter a valid email address').max(200),
  password: NewPassword,
  /** The one-time token the server printed in its log (`/admin?setup=TOKEN`). */
  setupToken: z.string({ error: SETUP_TOKEN_MISSING }).trim().min(1, SETUP_TOKEN_MISSING).max(200),
})
export type SetupInput = z.infer<typeof SetupSchema>

export const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(1000),
  newPassword: NewPassword,
})
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>

export const SetupStatusSchema = z.object({ needsSetup: z.boolean() })
