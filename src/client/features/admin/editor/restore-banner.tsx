import { History } from 'lucide-react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import type { Backup } from './backup.ts'

type Props = { backup: Backup; where?: 'browser' | 'server'; onRestore: () => void; onDiscard: () => void }

export function RestoreBanner({ backup, where = 'browser', onRestore, onDiscard }: Props) {
  const when = new Date(backup.savedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <Alert className="flex flex-col gap-3 border-primary/40 bg-accent sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2">
        <History className="size-4 shrink-0" aria-hidden="true" />
        <span>
          {where === 'browser'
            ? `Unsaved changes from ${when} were found in this browser. Restore them?`
            : `Unsaved changes from ${when} were autosaved. Restore them?`}
        </span>
      </p>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" onClick={onRestore}>
          Restore
        </Button>
        <Button size="sm" variant="outline" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </Alert>
  )
}
