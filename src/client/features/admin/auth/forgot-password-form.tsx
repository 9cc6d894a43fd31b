import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { HttpError, waitText } from '../../../lib/api.ts'
import { ForgotPasswordSchema } from '#shared/schemas/password-reset.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import { AuthCard } from './auth-card.tsx'
import { useForgotPassword } from './password-reset-queries.ts'
import { useCheckedForm } from './use-checked-form.ts'
import { UsernameOrEmailField } from './username-or-email-field.tsx'

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordForm() {
  useDocumentTitle('Forgot password')
  const forgot = useForgotPassword()
  const { values, set, errors, onSubmit, serverError, setServerError } = useCheckedForm(ForgotPasswordSchema, {
    login: '',
  })

  const submit = onSubmit((data) =>
    forgot.mutate(data, {
      onError: (err) =>
        setServerError(
          waitText(err) ?? (err instanceof HttpError ? err.serverMessage : 'The reset link could not be sent'),
        ),
    }),
  )

  return (
    <AuthCard title="Forgot password" description="We will email you a link to choose a new password">
      <div aria-live="polite">{forgot.data && <p className="mb-4 text-sm">{forgot.data.message}</p>}</div>
      <form onSubmit={submit} noValidate className="space-y-4">
        {serverError && <Alert variant="destructive">{serverError}</Alert>}
        <UsernameOrEmailField id="forgot-login" value={values.login} onChange={set('login')} error={errors.login} />
        <Button type="submit" className="w-full" disabled={forgot.isPending}>
          {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthCard>
  )
}
