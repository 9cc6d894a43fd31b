import { z } from 'zod'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { useAuth } from '../../../lib/auth.tsx'
import { HttpError, waitText } from '../../../lib/api.ts'
import { AuthCodeSchema, LOGIN_EXPIRED_MESSAGE } from '#shared/schemas/security.ts'
import { useLoginVerify } from '../queries.ts'
import { Field, invalidProps } from '../field.tsx'
import { useCheckedForm } from './use-checked-form.ts'

const CodeSchema = z.object({ code: AuthCodeSchema })

/** The login's second step: a code from the authenticator app or a recovery code, for the ticket the password earned. */
export function TwoFactorStep({ ticket, onRestart }: { ticket: string; onRestart: (reason?: string) => void }) {
  const { onLogin } = useAuth()
  const verify = useLoginVerify()
  const {
    values,
    set,
    errors,
    onSubmit: checked,
    serverError: error,
    setServerError: setError,
  } = useCheckedForm(CodeSchema, { code: '' })

  const onSubmit = checked((data) =>
    verify.mutate(
      { ticket, code: data.code },
      {
        onSuccess: (response) => onLogin(response),
        onError: (err) => {
          const message = err instanceof HttpError ? err.serverMessage : 'Verification failed'
          if (message === LOGIN_EXPIRED_MESSAGE) onRestart(message)
          else setError(waitText(err) ?? message)
        },
      },
    ),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error && <Alert variant="destructive">{error}</Alert>}
      <Field id="login-code" label="Authentication code" error={errors.code}>
        <p id="login-code-hint" className="text-sm text-muted-foreground">
          Enter the 6-digit code from your authenticator app, or one of your recovery codes.
        </p>
        <Input
          id="login-code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={values.code}
          onChange={set('code')}
          {...invalidProps('login-code', errors.code)}
          aria-describedby={errors.code ? 'login-code-hint login-code-error' : 'login-code-hint'}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={() => onRestart()}>
        Use a different account
      </Button>
    </form>
  )
}
