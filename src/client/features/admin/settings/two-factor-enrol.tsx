import { Button } from '../../../components/ui/button.tsx'
import type { TwoFactorSetup } from '#shared/schemas/security.ts'
import { ConfirmFields, useConfirmForm } from './two-factor-confirm.tsx'
import { useTwoFactorMutations } from './security-queries.ts'

/** Step 2 of turning two-factor on: scan (or type) the secret, then confirm with the password and a code. */
export function TwoFactorEnrol({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup
  onEnabled: (codes: string[]) => void
  onCancel: () => void
}) {
  const { enable } = useTwoFactorMutations()
  const form = useConfirmForm()
  const onSubmit = form.onSubmit((data) =>
    enable.mutate(data, { onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes), onError: form.fail }),
  )
  const key = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <img
          src={setup.qrCode}
          alt="QR code for your authenticator app"
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-md border bg-white p-2"
        />
        <div className="min-w-0 space-y-2 text-sm">
          <p>1. Scan this QR code with an authenticator app (such as 1Password, Google Authenticator or Aegis).</p>
          <p>Can't scan it? Enter this setup key in the app instead:</p>
          <code
            id="two-factor-key"
            aria-label="Setup key"
            className="block rounded-md border bg-muted/40 px-3 py-2 font-mono break-words"
          >
            {key}
          </code>
          <p>2. Enter your password and the 6-digit code the app shows.</p>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
        <ConfirmFields
          form={form}
          idPrefix="enable-2fa"
          codeLabel="Authentication code"
          codeHint="The 6-digit code from your authenticator app."
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={enable.isPending}>
            {enable.isPending ? 'Turning on...' : 'Turn On'}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  )
}
