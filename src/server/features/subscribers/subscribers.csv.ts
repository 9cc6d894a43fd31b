import { parse } from 'csv-parse/sync'
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

export const IMPORT_MAX_ROWS = 10_000
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024

/** `row`: the record's number as a spreadsheet shows it (the header is row 1; empty lines do not count). */
export type CsvAddresses = { emails: Array<{ row: number; value: string }>; tooMany: boolean }

/**
 * The addresses of an uploaded CSV: the column headed "email" (any case), or the first column when no header names
 * one. Quoting is RFC 4180 (csv-parse); a line that does not parse names the problem instead of failing the upload.
 */
export function addressesOfCsv(text: string): CsvAddresses | { error: string } {
  let records: string[][]
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      to_line: IMPORT_MAX_ROWS + 2,
    })
  } catch (error) {
    const line = (error as { lines?: number }).lines
    return { error: `The file is not valid CSV${line ? ` (line ${line})` : ''}` }
  }
  const header = records[0]?.findIndex((c) => c.toLowerCase() === 'email') ?? -1
  const column = Math.max(0, header)
  const rows = header >= 0 ? records.slice(1) : records
  const first = header >= 0 ? 2 : 1
  return {
    emails: rows.slice(0, IMPORT_MAX_ROWS).map((r, i) => ({ row: first + i, value: r[column] ?? '' })),
    tooMany: rows.length > IMPORT_MAX_ROWS,
  }
}
