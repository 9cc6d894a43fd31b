import { useState, type FormEvent } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { PASSWORD_MIN } from '#shared/schemas/user.ts'
import { useChangePassword } from '../queries.ts'

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' }
const FIELDS = [
  { key: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { key: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { key: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
] as const

export function PasswordTab() {
  const change = useChangePassword()
  const [values, setValues] = useState(EMPTY)
  const [mismatch, setMismatch] = useState(false)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (values.newPassword !== values.confirmPassword) {
      setMismatch(true)
      return
    }
    setMismatch(false)
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      { onSuccess: () => setValues(EMPTY) },
    )
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>
          Use at least {PASSWORD_MIN} characters. Other signed-in sessions will be signed out.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="max-w-md space-y-4">
          {mismatch && <Alert variant="destructive">New passwords don't match</Alert>}
          {FIELDS.map(({ key, label, autoComplete }) => (
            <div key={key} className="space-y-2">
              <Label htmlFor={`password-${key}`}>{label}</Label>
              <Input
                id={`password-${key}`}
                type="password"
                required
                autoComplete={autoComplete}
                value={values[key]}
                onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
              />
            </div>
          ))}
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
