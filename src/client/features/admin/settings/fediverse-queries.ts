import { queryOptions } from '@tanstack/react-query'
import { FediverseOverviewSchema } from '#shared/schemas/fediverse.ts'
import { apiJson } from '../../../lib/api.ts'

export const FEDIVERSE_KEY = ['/api/admin/fediverse'] as const

/** Settings → Fediverse and the dashboard's follower line: the settings, the account and the follower count. */
export const fediverseOverviewQuery = () =>
  queryOptions({ queryKey: FEDIVERSE_KEY, queryFn: () => apiJson(FediverseOverviewSchema, '/api/admin/fediverse') })
