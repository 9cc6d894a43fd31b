/** A moment as a datetime-local input shows it: 'YYYY-MM-DDTHH:mm' in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A datetime-local value (the author's local time) as the UTC instant the server stores; null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null
  const d = new Date(value) // no offset: read as local time
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}

/** The browser's time zone, e.g. 'Europe/Berlin (GMT+1)', so the author knows which clock the picker uses. */
export function localTimeZone(at = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const offset = new Intl.DateTimeFormat('en-US', { timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value
  return offset && offset !== zone ? `${zone} (${offset})` : zone
}
