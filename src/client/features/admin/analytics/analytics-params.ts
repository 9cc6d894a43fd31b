import { ANALYTICS_DIMENSIONS, type AnalyticsDimension, type AnalyticsQuery } from '#shared/schemas/analytics.ts'

export type Dimension = AnalyticsDimension
export type ExportTable = 'days' | 'posts' | Dimension

const RANGE_KEYS = ['days', 'from', 'to'] as const
/** The filters: a post and one value per dimension, combined. */
export const FILTER_KEYS = ['post', ...ANALYTICS_DIMENSIONS] as const
export type FilterKey = (typeof FILTER_KEYS)[number]

/** The screen's state lives in its URL (shareable, and the posts list links to `?post=<id>`): pick the API's keys. */
export function analyticsQueryOf(params: URLSearchParams): AnalyticsQuery {
  const query: Record<string, string> = {}
  for (const key of [...RANGE_KEYS, ...FILTER_KEYS]) {
    const value = params.get(key)
    if (value !== null && value !== '') query[key] = value
  }
  return query as AnalyticsQuery
}

/** A new range replaces the old one and keeps the filters. */
export function withRange(params: URLSearchParams, range: { days: string } | { from: string; to: string }) {
  const next = new URLSearchParams(params)
  for (const key of RANGE_KEYS) next.delete(key)
  for (const [key, value] of Object.entries(range)) next.set(key, value)
  return next
}

/** Set (a row clicked) or remove (its chip's "×") one filter; the others stay. */
export function withFilter(params: URLSearchParams, key: FilterKey, value: string | null) {
  const next = new URLSearchParams(params)
  if (value === null) next.delete(key)
  else next.set(key, value)
  return next
}

export const DIMENSION_TITLES: Record<Dimension, string> = {
  source: 'Sources',
  referrer: 'Referrers',
  utm_source: 'Campaign sources',
  utm_medium: 'Campaign media',
  utm_campaign: 'Campaigns',
  device: 'Devices',
  browser: 'Browsers',
}

/** The singular name, for the active filter ("Source: Google"). */
export const DIMENSION_NAMES: Record<Dimension, string> = {
  source: 'Source',
  referrer: 'Referrer',
  utm_source: 'Campaign source',
  utm_medium: 'Campaign medium',
  utm_campaign: 'Campaign',
  device: 'Device',
  browser: 'Browser',
}
