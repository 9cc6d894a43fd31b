/** Spec §9: above 1000 shown in thousands with one decimal and 'K'; otherwise the raw number. */
export function formatViews(views: number): string {
  return views > 1000 ? `${(views / 1000).toFixed(1)}K` : String(views)
}

/** "1 view", "12 views", "1.5K views": the count as formatViews shows it, with a noun that agrees. */
export function viewsText(views: number): string {
  return `${formatViews(views)} ${plural(views, 'view')}`
}

// Built once: a formatter per call costs more than the rest of a card's render.
const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
const MS_PER_DAY = 86_400_000
/** Formatted days, by UTC day number: a page shows a handful of dates and formatting one costs ~5 µs. */
const longDates = new Map<number, string>()

const zonedDates = new Map<string, Intl.DateTimeFormat>()
const zoned = (timeZone: string) => {
  let format = zonedDates.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone })
    zonedDates.set(timeZone, format)
  }
  return format
}

/**
 * Dates are formatted in the en-US locale, in the site's time zone (Settings → General; UTC unless set), so server
 * and browser render the same text.
 */
export function formatDate(iso: string | null | undefined, timeZone = 'UTC'): string {
  if (!iso) return ''
  const time = new Date(iso).getTime()
  if (Number.isNaN(time)) return 'Invalid Date'
  // Another zone's day does not follow the UTC day number: formatted each time (a page shows a handful).
  if (timeZone !== 'UTC') return zoned(timeZone).format(time)
  const day = Math.floor(time / MS_PER_DAY)
  let text = longDates.get(day)
  if (text === undefined) {
    if (longDates.size >= 4096) longDates.clear()
    text = LONG_DATE.format(time)
    longDates.set(day, text)
  }
  return text
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm
}

/** A 429's Retry-After for people: "Too many attempts. Try again in 14 minutes." (whole seconds, minutes or hours, rounded up). */
export function tooManyAttempts(retryAfterSeconds: number | null): string {
  const s = Math.max(1, Math.ceil(retryAfterSeconds ?? 60))
  const [n, unit] = s < 60 ? [s, 'second'] : s < 3600 ? [Math.ceil(s / 60), 'minute'] : [Math.ceil(s / 3600), 'hour']
  return `Too many attempts. Try again in ${n} ${plural(n, unit)}.`
}

/** A moment with its time, e.g. 'Mar 5, 2026, 10:30 AM GMT+1': in the viewer's own time zone unless one is given. */
export function formatDateTime(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  })
}
