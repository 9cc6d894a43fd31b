import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { useAuth } from '../../../lib/auth.tsx'
import { HttpError } from '../../../lib/api.ts'
import { Link } from '../../../lib/router.tsx'
import { LoginSchema } from '#shared/schemas/user.ts'
import { useLogin } from '../queries.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import { Field, invalidProps } from '../field.tsx'
import { useCheckedForm } from './use-checked-form.ts'

/** Spec §2/§5: validated on submit and then on every change; the server's error in a destructive alert. */
export function LoginForm() {
  useDocumentTitle('Admin Login')
  const { onLogin } = useAuth()
  const login = useLogin()
  const { values, set, errors, onSubmit: checked, serverError: error, setServerError: setError } = useCheckedForm(LoginSchema, { username: '', password: '' })

  const onSubmit = checked((data) =>
    login.mutate(data, {
      onSuccess: (response) => onLogin(response),
      onError: (err) => setError(err instanceof HttpError ? err.serverMessage || 'Login failed' : 'Login failed'),
    }),
  )

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold">Admin Login</h1>
          <CardDescription>Sign in to manage your blog</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            {error && <Alert variant="destructive">{error}</Alert>}
            <Field id="login-username" label="Username or Email" error={errors.username}>
              <Input id="login-username" autoComplete="username" value={values.username} onChange={set('username')} {...invalidProps('login-username', errors.username)} />
            </Field>
            <Field id="login-password" label="Password" error={errors.password}>
              <Input
                id="login-password"
                type="password"
                autoComplete="current-password"
                value={values.password}
                onChange={set('password')}
                {...invalidProps('login-password', errors.password)}
              />
            </Field>
            <Button type="submit" className="w-full" disabled={login.isPending}>
              {login.isPending ? 'Signing in...' : 'Sign In'}
            </Button>
          </form>
          <div className="mt-6 text-center">
            <Link href="/" className="text-sm text-muted-foreground hover:text-foreground">
              ← Back to Blog
            </Link>
          </div>
        </CardContent>
      </Card>
    </main>
  )
}
