import { Alert } from '../../../components/ui/alert.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { waitText } from '../../../lib/api.ts'
import { TwoFactorConfirmSchema } from '#shared/schemas/security.ts'
import { useCheckedForm } from '../auth/use-checked-form.ts'
import { Field, invalidProps } from '../field.tsx'
import { errorText } from '../queries.ts'

/** The password + code form that turning two-factor on or off (and new recovery codes) need. */
export function useConfirmForm() {
  const form = useCheckedForm(TwoFactorConfirmSchema, { password: '', code: '' })
  const fail = (err: unknown) => form.setServerError(waitText(err) ?? errorText(err))
  return { ...form, fail }
}

type ConfirmForm = ReturnType<typeof useConfirmForm>

export function ConfirmFields({
  form,
  idPrefix,
  codeLabel,
  codeHint,
}: {
  form: ConfirmForm
  idPrefix: string
  codeLabel: string
  codeHint: string
}) {
  const { values, set, errors, serverError } = form
  const passwordId = `${idPrefix}-password`
  const codeId = `${idPrefix}-code`
  return (
    <>
      {serverError && <Alert variant="destructive">{serverError}</Alert>}
      <Field id={passwordId} label="Current Password" error={errors.password}>
        <Input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          {...invalidProps(passwordId, errors.password)}
        />
      </Field>
      <Field id={codeId} label={codeLabel} error={errors.code}>
        <p id={`${codeId}-hint`} className="text-sm text-muted-foreground">
          {codeHint}
        </p>
        <Input
          id={codeId}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          value={values.code}
          onChange={set('code')}
          {...invalidProps(codeId, errors.code)}
          aria-describedby={errors.code ? `${codeId}-hint ${codeId}-error` : `${codeId}-hint`}
        />
      </Field>
    </>
  )
}
