/** Spec §9: above 1000 shown in thousands with one decimal and 'K'; otherwise the raw number. */
export function formatViews(views: number): string {
  return views > 1000 ? `${(views / 1000).toFixed(1)}K` : String(views)
}

/** Dates are formatted in the en-US locale, in UTC so server and browser render the same text. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return ''
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm
}
