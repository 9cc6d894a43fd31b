import { queryOptions, useMutation } from '@tanstack/react-query'
import {
  ForgotAnswerSchema,
  PasswordResetInfoSchema,
  type ForgotPasswordInput,
  type ResetPasswordInput,
} from '#shared/schemas/password-reset.ts'
import { z } from 'zod'
import { apiJson } from '../../../lib/api.ts'

const URL_FORGOT = '/api/auth/forgot-password'

/** Whether the blog can send email, so the login page offers "Forgot password?". */
export const passwordResetInfoQuery = () =>
  queryOptions({ queryKey: [URL_FORGOT] as const, queryFn: () => apiJson(PasswordResetInfoSchema, URL_FORGOT) })

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordInput) => apiJson(ForgotAnswerSchema, URL_FORGOT, { method: 'POST', body }),
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordInput) =>
      apiJson(z.object({ ok: z.literal(true) }), '/api/auth/reset-password', { method: 'POST', body }),
  })
}
