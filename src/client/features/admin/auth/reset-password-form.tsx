import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { HttpError } from '../../../lib/api.ts'
import { Link } from '../../../lib/router.tsx'
import { paths } from '#shared/paths.ts'
import { PASSWORD_RESET_DONE, RESET_LINK_INVALID, ResetPasswordFormSchema } from '#shared/schemas/password-reset.ts'
import { PASSWORD_MIN } from '#shared/schemas/user.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import { InputField } from '../field.tsx'
import { AuthCard } from './auth-card.tsx'
import { useResetPassword } from './password-reset-queries.ts'
import { useCheckedForm } from './use-checked-form.ts'

const FIELDS = [
  { key: 'password', label: 'New Password' },
  { key: 'confirmPassword', label: 'Confirm New Password' },
] as const

const tokenFromLink = () =>
  typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('token') ?? '')

/** The emailed link's token is used up: it leaves the address bar (and so the history). */
function forgetTokenInLink() {
  const url = new URL(window.location.href)
  url.searchParams.delete('token')
  window.history.replaceState(window.history.state, '', url)
}

/** The page the reset email links to: a new password, typed twice. */
export function ResetPasswordForm() {
  useDocumentTitle('Reset password')
  const reset = useResetPassword()
  const { values, set, errors, onSubmit, serverError, setServerError } = useCheckedForm(ResetPasswordFormSchema, {
    password: '',
    confirmPassword: '',
  })
  const token = tokenFromLink()

  const submit = onSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: forgetTokenInLink,
        onError: (err) => setServerError(err instanceof HttpError ? err.serverMessage : 'The password was not reset'),
      },
    ),
  )

  if (reset.isSuccess)
    return (
      <AuthCard title="Reset password" description="Every session of the account has been signed out">
        <Alert>{PASSWORD_RESET_DONE}</Alert>
      </AuthCard>
    )

  return (
    <AuthCard title="Reset password" description={`Choose a new password of at least ${PASSWORD_MIN} characters`}>
      {token ? (
        <form onSubmit={submit} noValidate className="space-y-4">
          {serverError && <Alert variant="destructive">{serverError}</Alert>}
          {FIELDS.map(({ key, label }) => (
            <InputField
              key={key}
              id={`reset-${key}`}
              label={label}
              type="password"
              autoComplete="new-password"
              value={values[key]}
              onChange={set(key)}
              error={errors[key]}
            />
          ))}
          <Button type="submit" className="w-full" disabled={reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Set New Password'}
          </Button>
        </form>
      ) : (
        <Alert variant="destructive">
          {RESET_LINK_INVALID} <Link href={paths.admin.forgotPassword()}>Forgot password?</Link>
        </Alert>
      )}
    </AuthCard>
  )
}
