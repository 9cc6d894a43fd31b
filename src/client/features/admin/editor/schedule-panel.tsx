import { CalendarClock } from 'lucide-react'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { formatDateTime } from '#shared/text/format.ts'
import { FieldError } from '../field.tsx'
import { fromLocalInput, localTimeZone } from '#shared/text/schedule-time.ts'

type Props = {
  /** The picker's value: the author's local time ('YYYY-MM-DDTHH:mm'), sent to the server in UTC. */
  value: string
  onChange: (value: string) => void
  /** The stored schedule of a scheduled post (UTC), shown as it stands. */
  scheduledFor: string | null
  error?: string
  pending: boolean
  onSchedule: () => void
}

const ID = 'post-publish-at'

/** Pick when an unpublished post goes out; the server publishes it then, with nobody needing to visit. */
export function SchedulePanel({ value, onChange, scheduledFor, error, pending, onSchedule }: Props) {
  const at = fromLocalInput(value)
  const passed = at !== null && Date.parse(at) <= Date.now()
  const describedBy = [`${ID}-hint`, passed && `${ID}-passed`, error && `${ID}-error`].filter(Boolean).join(' ')
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Schedule</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {scheduledFor && (
          <p className="flex items-start gap-2 text-sm font-medium" data-testid="scheduled-for">
            <CalendarClock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            {`Scheduled for ${formatDateTime(scheduledFor)}`}
          </p>
        )}
        <div className="space-y-2">
          <Label htmlFor={ID}>Publish on</Label>
          <Input
            id={ID}
            type="datetime-local"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
          />
          <p id={`${ID}-hint`} className="text-xs text-muted-foreground">
            {`Your time zone: ${localTimeZone()}`}
          </p>
          {passed && (
            <p id={`${ID}-passed`} className="text-xs text-muted-foreground">
              This time has passed: scheduling publishes the post now.
            </p>
          )}
          <FieldError id={`${ID}-error`} message={error} />
        </div>
        <Button variant="outline" className="w-full" disabled={pending} onClick={onSchedule}>
          <CalendarClock aria-hidden="true" />
          Schedule
        </Button>
      </CardContent>
    </Card>
  )
}
