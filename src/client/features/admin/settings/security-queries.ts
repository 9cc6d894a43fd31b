import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  RecoveryCodesSchema,
  SessionInfoSchema,
  SignedOutSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  type TwoFactorConfirmInput,
} from '#shared/schemas/security.ts'
import { apiJson, apiRequest } from '../../../lib/api.ts'

export const securityKeys = {
  sessions: ['/api/auth/sessions'] as const,
  twoFactor: ['/api/auth/two-factor'] as const,
}

export const sessionsQuery = () =>
  queryOptions({
    queryKey: securityKeys.sessions,
    queryFn: () => apiJson(z.array(SessionInfoSchema), '/api/auth/sessions'),
  })

export const twoFactorQuery = () =>
  queryOptions({
    queryKey: securityKeys.twoFactor,
    queryFn: () => apiJson(TwoFactorStatusSchema, '/api/auth/two-factor'),
  })

export function useSessionMutations() {
  const client = useQueryClient()
  const onSuccess = () => client.invalidateQueries({ queryKey: securityKeys.sessions })
  const signOut = useMutation({
    mutationFn: (id: string) => apiRequest(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess,
  })
  const signOutOthers = useMutation({
    mutationFn: () => apiJson(SignedOutSchema, '/api/auth/sessions/sign-out-others', { method: 'POST' }),
    onSuccess,
  })
  return { signOut, signOutOthers }
}

export function useTwoFactorMutations() {
  const client = useQueryClient()
  const onSuccess = () => client.invalidateQueries({ queryKey: securityKeys.twoFactor })
  const setup = useMutation({
    mutationFn: () => apiJson(TwoFactorSetupSchema, '/api/auth/two-factor/setup', { method: 'POST' }),
  })
  const enable = useMutation({
    mutationFn: (body: TwoFactorConfirmInput) =>
      apiJson(RecoveryCodesSchema, '/api/auth/two-factor/enable', { method: 'POST', body }),
    onSuccess,
  })
  const disable = useMutation({
    mutationFn: (body: TwoFactorConfirmInput) => apiRequest('/api/auth/two-factor/disable', { method: 'POST', body }),
    onSuccess,
  })
  const newCodes = useMutation({
    mutationFn: (body: TwoFactorConfirmInput) =>
      apiJson(RecoveryCodesSchema, '/api/auth/two-factor/recovery-codes', { method: 'POST', body }),
    onSuccess,
  })
  return { setup, enable, disable, newCodes }
}
