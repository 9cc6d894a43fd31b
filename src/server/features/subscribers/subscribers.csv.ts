import type { SubscriberRow } from '../../db/schema.ts'

const HEADER = ['email', 'status', 'created_at', 'confirmed_at', 'unsubscribed_at']

/** RFC 4180 quoting; a leading =, +, - or @ is prefixed with ' so a spreadsheet never runs a cell as a formula. */
function cell(value: string | null): string {
  const text = value ?? ''
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export function subscribersCsv(rows: SubscriberRow[]): string {
  const lines = rows.map((r) =>
    [r.email, r.status, r.created_at, r.confirmed_at, r.unsubscribed_at].map(cell).join(','),
  )
  return `${[HEADER.join(','), ...lines].join('\r\n')}\r\n`
}
