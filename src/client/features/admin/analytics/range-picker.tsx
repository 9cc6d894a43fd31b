import { useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Label } from '../../../components/ui/label.tsx'
import type { AnalyticsQuery } from '#shared/schemas/analytics.ts'

const PRESETS = ['7', '30', '90'] as const

type Props = {
  query: AnalyticsQuery
  /** The server's 400 for a custom range (reversed, in the future, too long), shown on the fields. */
  error: string | null
  onRange: (range: { days: string } | { from: string; to: string }) => void
}

/** Last 7, 30 or 90 days, or a custom from–to range (the server judges it: one rule, one message). */
export function RangePicker({ query, error, onRange }: Props) {
  const custom = Boolean(query.from || query.to)
  const active = custom ? null : (query.days ?? '30')
  const [from, setFrom] = useState(query.from ?? '')
  const [to, setTo] = useState(query.to ?? '')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onRange({ from, to })
  }
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
      <div role="group" aria-label="Range" className="flex flex-wrap gap-2">
        {PRESETS.map((days) => (
          <Button
            key={days}
            size="sm"
            variant={active === days ? 'default' : 'outline'}
            aria-pressed={active === days}
            onClick={() => onRange({ days })}
          >
            Last {days} days
          </Button>
        ))}
      </div>
      <form onSubmit={submit} aria-label="Custom range" className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <Label htmlFor="analytics-from">From</Label>
          <Input
            id="analytics-from"
            type="date"
            required
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            aria-invalid={custom && error ? true : undefined}
            aria-describedby={custom && error ? 'analytics-range-error' : undefined}
            className="w-40"
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="analytics-to">To</Label>
          <Input
            id="analytics-to"
            type="date"
            required
            value={to}
            onChange={(e) => setTo(e.target.value)}
            aria-invalid={custom && error ? true : undefined}
            aria-describedby={custom && error ? 'analytics-range-error' : undefined}
            className="w-40"
          />
        </div>
        <Button type="submit" size="sm" variant={custom ? 'default' : 'outline'} className="h-10">
          Apply
        </Button>
        {custom && error && (
          <p id="analytics-range-error" role="alert" className="basis-full text-sm text-destructive">
            {error}
          </p>
        )}
      </form>
    </div>
  )
}
