import type { AnalyticsDimensionSchema, AnalyticsQuery } from '#shared/schemas/analytics.ts'
import type { z } from 'zod'

export type Dimension = z.infer<typeof AnalyticsDimensionSchema>
export type ExportTable = 'days' | 'posts' | Dimension

const RANGE_KEYS = ['days', 'from', 'to'] as const
const FILTER_KEYS = ['post', 'dimension', 'value'] as const

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

/** Set or remove one filter: the post, or the dimension+value pair (the API takes one of each). */
export function withFilter(
  params: URLSearchParams,
  filter: { post: string | null } | { dimension: Dimension; value: string } | { dimension: null },
) {
  const next = new URLSearchParams(params)
  if ('post' in filter) {
    if (filter.post === null) next.delete('post')
    else next.set('post', filter.post)
  } else if (filter.dimension === null) {
    next.delete('dimension')
    next.delete('value')
  } else {
    next.set('dimension', filter.dimension)
    next.set('value', filter.value)
  }
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
