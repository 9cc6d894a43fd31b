import type { ColumnType, Insertable, Selectable } from 'kysely'

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

export interface SessionsTable {
  id: string // sha-256 of the cookie token, never the token itself
  user_id: string
  created_at: string
  last_seen_at: string
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
}

export interface PostViewsDailyTable {
  post_id: string
  day: string
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
  bytes: Uint8Array
  size: number
  width: number | null
  height: number | null
  created_at: string
}

/** Throttle events (login failures, comments) shared by every instance. */
export interface RateEventsTable {
  id: string
  bucket: string
  created_at: string
}

export interface ContentVersionTable {
  id: number
  version: number
}

export interface Database {
  content_version: ContentVersionTable
  users: UsersTable
  sessions: SessionsTable
  categories: CategoriesTable
  posts: PostsTable
  likes: LikesTable
  comments: CommentsTable
  post_views_daily: PostViewsDailyTable
  view_marks: ViewMarksTable
  footer_pages: FooterPagesTable
  site_settings: SiteSettingsTable
  images: ImagesTable
  rate_events: RateEventsTable
}

export type UserRow = Selectable<UsersTable>
export type CategoryRow = Selectable<CategoriesTable>
export type PostRow = Selectable<PostsTable>
export type NewPostRow = Insertable<PostsTable>
export type CommentRow = Selectable<CommentsTable>
export type FooterPageRow = Selectable<FooterPagesTable>
export type ImageRow = Selectable<ImagesTable>
