import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'

/**
 * Portable storage: ids are app-generated UUID text, timestamps ISO-8601 text (UTC, fixed width so they
 * sort as text), booleans 0/1 integers, tags a JSON array in text. The same on SQLite and PostgreSQL.
 */
type Count = ColumnType<number, number | undefined, number>

export interface UsersTable {
  id: string
  username: string
  email: string
  password_hash: string
  role: string
  created_at: string
}

/** A user's public profile (Settings → Account): a row once the author saves it. */
export interface AuthorProfilesTable {
  user_id: string
  display_name: string | null
  bio: string | null
  avatar: string | null
  updated_at: string
}

export interface SessionsTable {
  id: string // sha-256 of the cookie token, never the token itself
  user_id: string
  public_id: string | null // what the Sessions list names it by (never the hash)
  user_agent: string | null
  ip: string | null
  created_at: string // the absolute lifetime counts from here
  last_seen_at: string
}

/** TOTP enrolment: `enabled_at` null while it waits for its first code. */
export interface UserTwoFactorTable {
  user_id: string
  secret: string // base32
  enabled_at: string | null
  last_step: number | null // the newest time step a code was accepted for (no replay)
  created_at: string
}

export interface RecoveryCodesTable {
  id: string
  user_id: string
  code_hash: string
  used_at: string | null
  created_at: string
}

/** The second login step: issued after a correct password, single use. */
export interface LoginTicketsTable {
  id: string // sha-256 of the ticket
  user_id: string
  expires_at: string
}

/** "Forgot password?": one row per account. */
export interface PasswordResetsTable {
  user_id: string
  token_hash: string | null // sha-256 of the live reset link's token; null once used
  expires_at: string
  sent_at: string // the last reset email: at most one per 10 minutes
}

export interface CategoriesTable {
  id: string
  name: string
  slug: string
  description: string | null
  color: string
  created_at: string
}

export interface PostsTable {
  id: string
  title: string
  slug: string
  content: string
  excerpt: string
  featured_image: string | null
  category_id: string | null
  author_id: string
  author_name: string | null
  status: string
  tags: string
  meta_title: string | null
  meta_description: string | null
  reading_time: number
  views: Count
  published_at: string | null
  featured: number
  featured_at: string | null
  created_at: string
  updated_at: string
  /** Approved comments and likes, kept exact on every write that changes them. */
  like_count: Count
  comment_count: Count
  /** Derived when the post is saved (see posts/post-derived.ts); render_version says by which renderer. */
  content_html: ColumnType<string, string | undefined, string>
  headings: ColumnType<string, string | undefined, string>
  render_version: Count
}

/** One row per (post, tag) with the post's listing state, so a tag page is one index range. */
export interface PostTagsTable {
  tag_key: string // the tag folded to lower case: tags compare case-insensitively
  post_id: string
  tag: string // the spelling shown
  status: string
  published_at: string | null
}

/** Published posts per listing: 'published', 'category:<id>', 'tag:<key>'. */
export interface PostCountsTable {
  key: string
  n: number
}

/** The searchable text of a post; the engine's full-text index sits on it (FTS5 / tsvector). */
export interface PostSearchTable {
  /** SQLite only: the row's place in time (src/server/features/posts/search-order-key.ts). */
  id?: number
  post_id: string
  status: string
  published_at: string | null
  title: string
  excerpt: string
  body: string
  tags: string
  /** The post's category and tags as words (src/server/features/posts/search-facets.ts). */
  facets: string
}

export interface LikesTable {
  id: string
  post_id: string
  visitor_id: string
  created_at: string
}

export interface CommentsTable {
  id: string
  post_id: string
  author_name: string
  author_email: string | null
  content: string
  is_approved: number
  ip: string | null
  created_at: string
  updated_at: string
  /** 'fediverse' for a reply from there; absent (null) for a comment made on this site. */
  source: string | null
  /** The remote author's profile (fediverse replies). */
  author_url: string | null
  /** The remote note's id (fediverse replies): one comment per note. */
  remote_id: string | null
}

export interface PostViewsDailyTable {
  post_id: string
  day: string
  views: Count
}

/** The seven values a view is counted under; '' when the view had none (no referrer, no campaign). */
export interface AnalyticsValues {
  source: string
  referrer: string
  utm_source: string
  utm_medium: string
  utm_campaign: string
  device: string
  browser: string
}

/**
 * Per period, post and combination of values: views, and visitors whose first view that day was this post.
 * `span` is 'day' (`day` is that day) or 'month' (rolled up past the retention; `day` is the month's first day).
 */
export interface AnalyticsFactsTable extends AnalyticsValues {
  span: 'day' | 'month'
  day: string
  post_id: string
  views: Count
  visitors: Count
}

/** The same counts without the post, for the whole site. */
export interface AnalyticsSiteFactsTable extends AnalyticsValues {
  span: 'day' | 'month'
  day: string
  views: Count
  visitors: Count
}

/** Per period and post, all values together (the top posts when no row value filters them). */
export interface AnalyticsPostTotalsTable {
  span: 'day' | 'month'
  day: string
  post_id: string
  views: Count
  visitors: Count
}

/** Per month (`day` is its 1st), post, dimension and value ('' is not kept): the top posts under one row filter. */
export interface AnalyticsPostValuesTable {
  day: string
  dimension: string
  value: string
  post_id: string
  views: Count
  visitors: Count
}

/** Today's readers by daily keyed hash, with their latest view (for "right now"); earlier days are deleted. */
export interface AnalyticsVisitorsTodayTable {
  day: string
  reader: string
  post_id: string
  /** ISO time of the reader's latest counted view. */
  seen_at: string
}

export interface PostViewsRecentTable {
  post_id: string
  /** ISO start of a 10-minute slot: `YYYY-MM-DDTHH:M0`. */
  slot: string
  views: Count
}

export interface ViewMarksTable {
  post_id: string
  visitor_id: string
  viewed_at: string
}

export interface FooterPagesTable {
  id: string
  title: string
  slug: string
  content: string
  featured_image: string | null
  meta_title: string | null
  meta_description: string | null
  is_active: number
  sort_order: number
  created_at: string
  updated_at: string
}

export interface SiteSettingsTable {
  id: string
  key: string
  value: string
  created_at: string
  updated_at: string
}

export interface ImagesTable {
  id: string
  file_name: string // "<sha256>.<ext>": content-hashed, so the URL is immutable
  mime: string
  bytes: Uint8Array // the original, upright and without metadata; kept for re-processing, never put on a page
  size: number
  width: number | null
  height: number | null
  created_at: string
  alt_text: ColumnType<string, string | undefined, string>
  original_name: string | null
  dominant_color: string | null // "#rrggbb", the placeholder shown while the picture loads
  frames: ColumnType<number, number | undefined, number>
  variants_version: ColumnType<number, number | undefined, number>
  claimed_until: string | null // the background job's lease on this row
  process_error: string | null
}

export interface ImageVariantsTable {
  file_name: string // "<sha256>-<width>.<format>"
  image_id: string
  width: number
  height: number
  mime: string
  bytes: Uint8Array
  size: number
  created_at: string
}

/** One row per (upload, post or footer page showing it); kept when content is saved. */
export interface ImageUsesTable {
  id: string
  image_id: string
  post_id: string | null
  footer_page_id: string | null
}

/** Throttle counters shared by every instance: one row per bucket, a fixed window from its first hit. */
export interface RateLimitsTable {
  bucket: string
  window_start: string
  hits: number
}

export interface ServerSecretsTable {
  name: string
  value: string
  created_at: string
}

/** `from_path` (a site path, with its query when it has one) answers 301 to `to_path`. */
export interface RedirectsTable {
  id: string
  from_path: string
  to_path: string
  source: string // 'manual' | 'slug' | 'import'
  hits: Count
  created_at: string
}

/** The editor's working copy of a post (`post_key` is its id, or 'new'): never read by public pages. */
export interface PostAutosavesTable {
  post_key: string
  data: string // JSON of the editor form
  saved_at: string
}

export interface PostRevisionsTable {
  id: string
  post_id: string
  title: string
  data: string // JSON snapshot of the saved fields
  size: number // length of `data`, so the per-post budget is a sum, not a scan of the text
  created_at: string
}

/** A secret, revocable link that shows one draft to whoever holds it. */
export interface PostPreviewsTable {
  post_id: string
  token: string
  created_at: string
}

export interface NotFoundLogTable {
  path: string
  hits: number
  referrer: string | null
  last_seen_at: string
}

export interface ContentVersionTable {
  id: number
  version: number
}

/** An email subscriber: pending until the confirmation link is opened; only `subscribed` rows are ever mailed posts. */
export interface SubscribersTable {
  id: string
  email: string // lower-cased
  status: 'pending' | 'subscribed' | 'unsubscribed' | 'bounced'
  confirm_token_hash: string | null // sha-256 of the confirmation token, never the token itself
  confirm_expires_at: string | null
  confirm_sent_at: string | null // the last confirmation email: at most one per 10 minutes
  confirmed_at: string | null
  unsubscribed_at: string | null
  created_at: string
  updated_at: string
}

/** An import through the admin (transfer/import-job.ts): polled by the admin's screen. */
export interface ImportJobsTable {
  id: string
  status: 'queued' | 'running' | 'done' | 'failed'
  dry_run: number
  file_name: string
  source_kind: string | null
  progress_phase: string | null
  progress_done: number
  progress_total: number | null
  report: string | null // JSON
  error: string | null
  error_status: number | null
  created_at: string
  started_at: string | null
  finished_at: string | null
  heartbeat_at: string
}

/** A post's email to subscribers, decided the first time the post became public (or skipped: sendNewsletter false). */
export interface NewsletterSendsTable {
  post_id: string
  skipped: Generated<number> // 1: saved with sendNewsletter false, nothing is sent
  created_at: string
  completed_at: string | null
}

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped'

/** One subscriber's copy of one post: the durable job the send worker claims (docs/decisions/171). */
export interface NewsletterDeliveriesTable {
  post_id: string
  subscriber_id: string
  status: DeliveryStatus
  attempts: Generated<number>
  next_attempt_at: string
  claimed_until: string | null
  sent_at: string | null
  last_error_code: string | null
}

/** Fedify's key-value store: `key` is the JSON of its key array, `value` JSON. */
export interface FediverseKvTable {
  key: string
  value: string
  expires_at: string | null
}

/** Fedify's message queue, shared by every instance: a row is claimed until `claimed_until`, deleted when handled. */
export interface FediverseQueueTable {
  id: string
  message: string // JSON
  ordering_key: string | null
  deliver_at: string
  claimed_until: string | null
  attempts: Count
  created_at: string
}

/** The blog actor's settings and key pairs, by name, as JSON. */
export interface FediverseStateTable {
  name: string
  value: string
  updated_at: string
}

export interface FediverseFollowersTable {
  actor_id: string
  inbox: string
  shared_inbox: string | null
  handle: string // @user@server
  name: string | null
  url: string | null
  follow_id: string | null
  created_at: string
}

export interface FediverseBlocksTable {
  actor_id: string
  created_at: string
}

/** What followers were last told about a post: `created` (Create/Update sent) or `deleted`. */
export interface FediverseArticlesTable {
  post_id: string
  object_id: string
  state: 'created' | 'deleted'
  updated_at: string
}

/** A post whose change the fediverse has not been told about yet (see fediverse-posts.service.ts). */
export interface FediversePendingPostsTable {
  post_id: string
  /** New at each change: settling removes the mark only if no change came meanwhile. */
  token: string
}

/** A like or boost of a post from the fediverse: one per remote actor and kind. */
export interface FediverseReactionsTable {
  post_id: string
  actor_id: string
  kind: 'like' | 'boost'
  activity_id: string | null
  created_at: string
}

export interface Database {
  content_version: ContentVersionTable
  author_profiles: AuthorProfilesTable
  users: UsersTable
  sessions: SessionsTable
  user_two_factor: UserTwoFactorTable
  recovery_codes: RecoveryCodesTable
  login_tickets: LoginTicketsTable
  password_resets: PasswordResetsTable
  categories: CategoriesTable
  posts: PostsTable
  post_tags: PostTagsTable
  post_counts: PostCountsTable
  post_search: PostSearchTable
  likes: LikesTable
  comments: CommentsTable
  post_views_daily: PostViewsDailyTable
  post_views_recent: PostViewsRecentTable
  analytics_facts: AnalyticsFactsTable
  analytics_site_facts: AnalyticsSiteFactsTable
  analytics_post_totals: AnalyticsPostTotalsTable
  analytics_post_values: AnalyticsPostValuesTable
  analytics_visitors_today: AnalyticsVisitorsTodayTable
  view_marks: ViewMarksTable
  footer_pages: FooterPagesTable
  site_settings: SiteSettingsTable
  images: ImagesTable
  image_variants: ImageVariantsTable
  image_uses: ImageUsesTable
  rate_limits: RateLimitsTable
  server_secrets: ServerSecretsTable
  redirects: RedirectsTable
  post_autosaves: PostAutosavesTable
  post_revisions: PostRevisionsTable
  post_previews: PostPreviewsTable
  not_found_log: NotFoundLogTable
  subscribers: SubscribersTable
  import_jobs: ImportJobsTable
  newsletter_sends: NewsletterSendsTable
  newsletter_deliveries: NewsletterDeliveriesTable
  fediverse_kv: FediverseKvTable
  fediverse_queue: FediverseQueueTable
  fediverse_state: FediverseStateTable
  fediverse_followers: FediverseFollowersTable
  fediverse_blocks: FediverseBlocksTable
  fediverse_articles: FediverseArticlesTable
  fediverse_pending_posts: FediversePendingPostsTable
  fediverse_reactions: FediverseReactionsTable
}

export type UserRow = Selectable<UsersTable>
export type CategoryRow = Selectable<CategoriesTable>
export type PostRow = Selectable<PostsTable>
export type NewPostRow = Insertable<PostsTable>
type RemoteCommentColumns = 'source' | 'author_url' | 'remote_id'
/** A comment; the fediverse columns may be left out (a comment made on this site has none). */
export type CommentRow = Omit<Selectable<CommentsTable>, RemoteCommentColumns> &
  Partial<Pick<Selectable<CommentsTable>, RemoteCommentColumns>>
export type FooterPageRow = Selectable<FooterPagesTable>
export type ImageRow = Selectable<ImagesTable>
export type NewImageRow = Insertable<ImagesTable>
export type ImageVariantRow = Selectable<ImageVariantsTable>
export type SubscriberRow = Selectable<SubscribersTable>
export type ImportJobRow = Selectable<ImportJobsTable>
