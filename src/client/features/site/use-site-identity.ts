import type { SiteIdentity } from '#shared/schemas/site-identity.ts'
import { DEFAULT_SITE_IDENTITY } from '#shared/site/identity.ts'
import { useQuery } from '../../lib/page-query.ts'
import { siteIdentityQuery } from './queries.ts'

/** The site's title, words and images (Settings → General), as every reader page was rendered with. */
export function useSiteIdentity(): SiteIdentity {
  return useQuery(siteIdentityQuery()).data ?? DEFAULT_SITE_IDENTITY
}
