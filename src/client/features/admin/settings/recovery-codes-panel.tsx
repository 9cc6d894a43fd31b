import { Copy } from 'lucide-react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { toast } from '../../../lib/toast.tsx'

/** The recovery codes, shown this once: the server keeps only their hashes. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      toast({ title: 'Recovery codes copied' })
    } catch {
      toast({ title: 'Could not copy', description: 'Select the codes and copy them by hand.', variant: 'destructive' })
    }
  }
  return (
    <section aria-labelledby="recovery-codes-heading" className="space-y-4">
      <h4 id="recovery-codes-heading" className="font-semibold">
        Your recovery codes
      </h4>
      <Alert>
        Save these codes somewhere safe, such as a password manager. Each one signs you in once if you lose your phone.
        They will not be shown again.
      </Alert>
      <ul
        className="grid grid-cols-1 gap-2 rounded-md border bg-muted/40 p-4 font-mono text-sm sm:grid-cols-2"
        aria-label="Recovery codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy codes
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </section>
  )
}
