import { useQuery } from '@tanstack/react-query'
import { paths } from '#shared/paths.ts'
import { Link } from '../../../lib/router.tsx'
import { fediverseOverviewQuery } from '../settings/fediverse-queries.ts'

/** The dashboard's line on the fediverse: how many accounts follow the blog, or that federation is off. */
export function FollowerCount() {
  const { data } = useQuery(fediverseOverviewQuery())
  if (!data) return null
  return (
    <p className="text-sm text-muted-foreground" data-testid="follower-count">
      <Link href={`${paths.admin.settings()}?tab=fediverse`} className="underline-offset-4 hover:underline">
        {data.enabled
          ? `${data.followerCount} ${data.followerCount === 1 ? 'follower' : 'followers'} on the fediverse`
          : 'Federation is off'}
      </Link>
    </p>
  )
}
