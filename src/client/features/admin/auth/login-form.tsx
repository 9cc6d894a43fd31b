import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { useAuth } from '../../../lib/auth.tsx'
import { HttpError, waitText } from '../../../lib/api.ts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from '../../../lib/router.tsx'
import { paths } from '#shared/paths.ts'
import { LoginSchema } from '#shared/schemas/user.ts'
import { useLogin } from '../queries.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import { InputField } from '../field.tsx'
import { AuthCard } from './auth-card.tsx'
import { useCheckedForm } from './use-checked-form.ts'
import { TwoFactorStep } from './two-factor-step.tsx'
import { passwordResetInfoQuery } from './password-reset-queries.ts'
import { UsernameOrEmailField } from './username-or-email-field.tsx'

/**
 * Spec §2/§5: validated on submit and then on every change; the server's error in a destructive alert (a 429 says
 * how long to wait). An account with two-factor on answers the password with a ticket: the code is asked for next.
 */
export function LoginForm() {
  useDocumentTitle('Admin Login')
  const { onLogin } = useAuth()
  const login = useLogin()
  const [ticket, setTicket] = useState<string | null>(null)
  // Offered only when the blog can send email; without it the README's shell commands are the way back in.
  const canReset = useQuery(passwordResetInfoQuery()).data?.enabled === true
  const {
    values,
    set,
    errors,
    onSubmit: checked,
    serverError: error,
    setServerError: setError,
  } = useCheckedForm(LoginSchema, { username: '', password: '' })

  const onSubmit = checked((data) =>
    login.mutate(data, {
      onSuccess: (response) => ('ticket' in response ? setTicket(response.ticket) : onLogin(response)),
      onError: (err) =>
        setError(waitText(err) ?? (err instanceof HttpError ? err.serverMessage || 'Login failed' : 'Login failed')),
    }),
  )
  const restart = (reason?: string) => {
    setTicket(null)
    setError(reason ?? null)
  }

  return (
    <AuthCard
      title="Admin Login"
      description={ticket ? 'Two-factor authentication' : 'Sign in to manage your blog'}
      back="blog"
    >
      {ticket ? (
        <TwoFactorStep ticket={ticket} onRestart={restart} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {error && <Alert variant="destructive">{error}</Alert>}
          <UsernameOrEmailField
            id="login-username"
            value={values.username}
            onChange={set('username')}
            error={errors.username}
          />
          <InputField
            id="login-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
            error={errors.password}
          />
          {canReset && (
            <p className="text-right text-sm">
              <Link
                href={paths.admin.forgotPassword()}
                className="text-muted-foreground underline hover:text-foreground"
              >
                Forgot password?
              </Link>
            </p>
          )}
          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
        </form>
      )}
    </AuthCard>
  )
}
