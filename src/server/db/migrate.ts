import { Migrator, type Migration, type MigrationProvider } from 'kysely'
import type { Db } from './client.ts'
import * as createCoreTables from './migrations/20261122T0300-create-core-tables.ts'
import * as createContentVersion from './migrations/20261122T0400-create-content-version.ts'
import * as throttlesSecretsRedirects from './migrations/20261123T0100-throttles-secrets-redirects.ts'
import * as postReadModel from './migrations/20261123T0110-post-read-model.ts'
import * as imageVariants from './migrations/20261123T0200-image-variants.ts'
import * as revisionsAutosavesPreviews404s from './migrations/20261123T0400-revisions-autosaves-previews-404s.ts'
import * as sessionDetailsTwoFactor from './migrations/20261123T0500-session-details-two-factor.ts'
import * as searchTiersAndPrefixes from './migrations/20261123T0600-search-tiers-and-prefixes.ts'
import * as recentViews from './migrations/20261123T0701-recent-views.ts'
import * as fasterSearchFold from './migrations/20261125T1000-faster-search-fold.ts'
import * as searchTitleIndex from './migrations/20261125T1100-search-title-index.ts'
import * as searchRowsByVisibility from './migrations/20261126T0900-search-rows-by-visibility.ts'
import * as searchFacets from './migrations/20261126T1000-search-facets.ts'
import * as searchNewestFirst from './migrations/20261126T1200-search-newest-first.ts'
import * as searchWordsDated from './migrations/20261126T1400-search-words-dated.ts'
import * as searchWordStatistics from './migrations/20261126T1500-search-word-statistics.ts'
import * as searchSlices from './migrations/20261127T0900-search-slices.ts'
import * as searchRowsNarrow from './migrations/20261127T1200-search-rows-narrow.ts'
import * as commentsPaged from './migrations/20261129T0200-comments-paged.ts'
import * as redirectTargetsRechecked from './migrations/20261129T0300-redirect-targets-rechecked.ts'
import * as authorProfile from './migrations/20261129T0300-author-profile.ts'
import * as subscribers from './migrations/20261129T0400-subscribers.ts'
import * as searchOneDocument from './migrations/20261129T0300-search-one-document.ts'
import * as analytics from './migrations/20261129T0500-analytics.ts'
import * as analyticsCombinations from './migrations/20261130T0400-analytics-combinations.ts'
import * as passwordResets from './migrations/20261129T0500-password-resets.ts'
import * as importJobs from './migrations/20261130T0100-import-jobs.ts'
import * as newsletterSends from './migrations/20261130T0200-newsletter-sends.ts'
import * as fediverse from './migrations/20261130T0300-fediverse.ts'
import * as fediverseReplies from './migrations/20261130T0310-fediverse-replies.ts'
import * as analyticsMonthTotals from './migrations/20261130T0700-analytics-month-totals.ts'
import * as analyticsPostValues from './migrations/20261130T0800-analytics-post-values.ts'
import * as fediversePendingPosts from './migrations/20261130T0810-fediverse-pending-posts.ts'
import * as searchDateOrder from './migrations/20261130T0900-search-date-order.ts'

// Listed explicitly (not read from disk) so the bundled server carries its migrations.
export const MIGRATIONS: Record<string, Migration> = {
  '20261122T0300-create-core-tables': createCoreTables,
  '20261122T0400-create-content-version': createContentVersion,
  '20261123T0100-throttles-secrets-redirects': throttlesSecretsRedirects,
  '20261123T0110-post-read-model': postReadModel,
  '20261123T0200-image-variants': imageVariants,
  '20261123T0400-revisions-autosaves-previews-404s': revisionsAutosavesPreviews404s,
  '20261123T0500-session-details-two-factor': sessionDetailsTwoFactor,
  '20261123T0600-search-tiers-and-prefixes': searchTiersAndPrefixes,
  '20261123T0701-recent-views': recentViews,
  '20261125T1000-faster-search-fold': fasterSearchFold,
  '20261125T1100-search-title-index': searchTitleIndex,
  '20261126T0900-search-rows-by-visibility': searchRowsByVisibility,
  '20261126T1000-search-facets': searchFacets,
  '20261126T1200-search-newest-first': searchNewestFirst,
  '20261126T1400-search-words-dated': searchWordsDated,
  '20261126T1500-search-word-statistics': searchWordStatistics,
  '20261127T0900-search-slices': searchSlices,
  '20261127T1200-search-rows-narrow': searchRowsNarrow,
  '20261129T0200-comments-paged': commentsPaged,
  '20261129T0300-redirect-targets-rechecked': redirectTargetsRechecked,
  '20261129T0300-author-profile': authorProfile,
  '20261129T0400-subscribers': subscribers,
  '20261129T0300-search-one-document': searchOneDocument,
  '20261129T0500-analytics': analytics,
  '20261129T0500-password-resets': passwordResets,
  '20261130T0100-import-jobs': importJobs,
  '20261130T0200-newsletter-sends': newsletterSends,
  '20261130T0300-fediverse': fediverse,
  '20261130T0310-fediverse-replies': fediverseReplies,
  '20261130T0400-analytics-combinations': analyticsCombinations,
  '20261130T0700-analytics-month-totals': analyticsMonthTotals,
  '20261130T0800-analytics-post-values': analyticsPostValues,
  '20261130T0810-fediverse-pending-posts': fediversePendingPosts,
  '20261130T0900-search-date-order': searchDateOrder,
}

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS }

/** Idempotent; Kysely's Migrator takes a lock, so two instances starting at once on PostgreSQL are safe. */
export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed)
    throw new Error(`Migration failed: ${failed?.migrationName ?? ''} ${String(error ?? '')}`, { cause: error })
}
