import { z } from 'zod'
import { NewPassword } from './user.ts'

export const FORGOT_ANSWER = 'If that account exists, a link to reset its password is on its way to its email address.'
export const RESET_LINK_INVALID = 'This reset link is not valid or has expired. Ask for a new one from the login page.'
export const PASSWORD_RESET_DONE = 'Your password has been reset. Sign in with the new one.'

export const ForgotPasswordSchema = z.object({
  login: z.string().trim().min(1, 'Username or email is required').max(200),
})
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>
export const ForgotAnswerSchema = z.object({ message: z.literal(FORGOT_ANSWER) })

export const ResetPasswordSchema = z.object({
  token: z.string().min(1, RESET_LINK_INVALID).max(200, RESET_LINK_INVALID),
  password: NewPassword,
})
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>

/** Whether the login page offers "Forgot password?": only when the blog can send email. */
export const PasswordResetInfoSchema = z.object({ enabled: z.boolean() })

export const PASSWORDS_DIFFER = "Passwords don't match"

/** The reset page: the request's password rule, typed twice. */
export const ResetPasswordFormSchema = z
  .object({ password: NewPassword, confirmPassword: z.string().max(1000) })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] })
