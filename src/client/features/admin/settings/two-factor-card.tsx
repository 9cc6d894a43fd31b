import { useQuery } from '@tanstack/react-query'
import { ShieldCheck } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../lib/toast.tsx'
import type { TwoFactorSetup } from '#shared/schemas/security.ts'
import { plural } from '#shared/text/format.ts'
import { errorText } from '../queries.ts'
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx'
import { twoFactorQuery, useTwoFactorMutations } from './security-queries.ts'
import { ConfirmFields, useConfirmForm } from './two-factor-confirm.tsx'
import { TwoFactorEnrol } from './two-factor-enrol.tsx'

/** With two-factor on: new recovery codes, or turn it off; both need the password and a code. */
function TwoFactorOn({
  recoveryCodesLeft,
  onNewCodes,
}: {
  recoveryCodesLeft: number
  onNewCodes: (codes: string[]) => void
}) {
  const { disable, newCodes } = useTwoFactorMutations()
  const form = useConfirmForm()
  // Which button submitted the form (Enter in a field counts as the first one).
  const intent = useRef<'codes' | 'off'>('codes')
  const onSubmit = form.onSubmit((data) => {
    if (intent.current === 'off') {
      disable.mutate(data, {
        onSuccess: () => toast({ title: 'Two-factor authentication turned off' }),
        onError: form.fail,
      })
    } else {
      newCodes.mutate(data, { onSuccess: ({ recoveryCodes }) => onNewCodes(recoveryCodes), onError: form.fail })
    }
  })
  const busy = disable.isPending || newCodes.isPending
  return (
    <div className="space-y-4">
      <p className="flex items-center gap-2 font-medium">
        <ShieldCheck className="size-5 text-emerald-600" aria-hidden="true" />
        Two-factor authentication is on.
      </p>
      <p className="text-sm text-muted-foreground">
        {recoveryCodesLeft} {plural(recoveryCodesLeft, 'recovery code')} left.
      </p>
      <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
        <ConfirmFields
          form={form}
          idPrefix="manage-2fa"
          codeLabel="Authentication or recovery code"
          codeHint="A code from your authenticator app, or a recovery code."
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="outline" disabled={busy} onClick={() => (intent.current = 'codes')}>
            New Recovery Codes
          </Button>
          <Button type="submit" variant="destructive" disabled={busy} onClick={() => (intent.current = 'off')}>
            Turn Off
          </Button>
        </div>
      </form>
    </div>
  )
}

/** Optional TOTP (an authenticator app's 6-digit code) as a second login step, with single-use recovery codes. */
export function TwoFactorCard() {
  const status = useQuery(twoFactorQuery())
  const { setup: start } = useTwoFactorMutations()
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: setSetup,
      onError: (err) => toast({ title: 'Error starting setup', description: errorText(err), variant: 'destructive' }),
    })

  let body
  if (codes) body = <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />
  else if (status.isPending) body = <Skeleton className="h-24" />
  else if (status.isError) body = <p className="text-destructive">{errorText(status.error)}</p>
  else if (status.data.enabled)
    body = <TwoFactorOn recoveryCodesLeft={status.data.recoveryCodesLeft} onNewCodes={setCodes} />
  else if (setup)
    body = (
      <TwoFactorEnrol
        setup={setup}
        onEnabled={(recoveryCodes) => {
          setSetup(null)
          setCodes(recoveryCodes)
          toast({ title: 'Two-factor authentication turned on' })
        }}
        onCancel={() => setSetup(null)}
      />
    )
  else
    body = (
      <div className="space-y-4">
        <p className="text-sm">Two-factor authentication is off.</p>
        <Button onClick={begin} disabled={start.isPending}>
          {start.isPending ? 'Starting...' : 'Set Up Two-Factor Authentication'}
        </Button>
      </div>
    )

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-Factor Authentication</CardTitle>
        <CardDescription>
          After your password, signing in also asks for a code from an authenticator app on your phone.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  )
}
