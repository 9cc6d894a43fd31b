import { useQueryClient } from '@tanstack/react-query'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { useAuth } from '../../../lib/auth.tsx'
import { SetupSchema } from '#shared/schemas/user.ts'
import { adminKeys, errorText, useSetup } from '../queries.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import { InputField } from '../field.tsx'
import { AuthCard } from './auth-card.tsx'
import { useCheckedForm } from './use-checked-form.ts'

const FIELDS = [
  { key: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { key: 'setupToken', label: 'Setup token', type: 'text', autoComplete: 'off' },
] as const

/** The server prints `/admin?setup=TOKEN` in its log; the link carries the token to the form. */
const tokenFromLink = () =>
  typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('setup') ?? '')

/** The link's token is used up: it leaves the address bar (and so the history) once the account exists. */
function forgetTokenInLink() {
  const url = new URL(window.location.href)
  url.searchParams.delete('setup')
  window.history.replaceState(window.history.state, '', url)
}

/** Contract §1: with no user yet, /admin offers a one-time 'Create admin account' form. */
export function SetupForm() {
  useDocumentTitle('Create admin account')
  const { onLogin } = useAuth()
  const client = useQueryClient()
  const setup = useSetup()
  const {
    values,
    set,
    errors,
    onSubmit: checked,
    serverError: error,
    setServerError: setError,
  } = useCheckedForm(SetupSchema, { username: '', email: '', password: '', setupToken: tokenFromLink() })

  const onSubmit = checked((data) =>
    setup.mutate(data, {
      onSuccess: (response) => {
        forgetTokenInLink()
        client.setQueryData(adminKeys.setup, { needsSetup: false })
        onLogin(response)
      },
      onError: (err) => setError(errorText(err)),
    }),
  )

  return (
    <AuthCard
      title="Create admin account"
      description="This blog has no administrator yet. The account you create here is the only one. The setup token is in the link the server printed in its log when it started."
      back={null}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {error && <Alert variant="destructive">{error}</Alert>}
        {FIELDS.map(({ key, label, type, autoComplete }) => (
          <InputField
            key={key}
            id={`setup-${key}`}
            label={label}
            type={type}
            autoComplete={autoComplete}
            value={values[key]}
            onChange={set(key)}
            error={errors[key]}
          />
        ))}
        <Button type="submit" className="w-full" disabled={setup.isPending}>
          {setup.isPending ? 'Creating account...' : 'Create admin account'}
        </Button>
      </form>
    </AuthCard>
  )
}
