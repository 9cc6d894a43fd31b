/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely'

// Frozen in time: never import app code here, never edit after it lands.
// The read model: what a page shows is computed when a post is written, and every public ordering has an index.
export async function up(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter

  // Counters kept exact on write, and the rendered page kept with the post. render_version 0 means "not derived
  // yet": the app derives such posts in the background at start (and on demand when one is read).
  await db.schema
    .alterTable('posts')
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('posts')
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('posts')
    .addColumn('render_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  if (!isPg) {
    // SQLite stores a row's columns in order, and a long text spills into overflow pages: every column after it
    // costs reading the whole text. The big columns go last, so a card (the columns before them) never reads them.
    // (PostgreSQL keeps long values out of line by itself.)
    await sql`create temp table post_content_move (id text primary key, content text not null)`.execute(db)
    await sql`insert into post_content_move (id, content) select id, content from posts`.execute(db)
    await db.schema.alterTable('posts').dropColumn('content').execute()
    await db.schema
      .alterTable('posts')
      .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
      .execute()
    await sql`update posts set content = (select m.content from post_content_move m where m.id = posts.id)`.execute(db)
    await sql`drop table post_content_move`.execute(db)
  }
  await db.schema
    .alterTable('posts')
    .addColumn('content_html', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('posts')
    .addColumn('headings', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()
  await sql`update posts set like_count = (select count(*) from likes where likes.post_id = posts.id)`.execute(db)
  await sql`update posts set comment_count = (select count(*) from comments where comments.post_id = posts.id and comments.is_approved = 1)`.execute(
    db,
  )

  // Public orderings: latest/oldest, popular, per category, featured. Each is an index the planner walks in order.
  await db.schema.dropIndex('posts_status_published_idx').execute()
  await db.schema.dropIndex('posts_category_idx').execute()
  await db.schema
    .createIndex('posts_status_published_idx')
    .on('posts')
    .columns(['status', 'published_at', 'id'])
    .execute()
  await db.schema
    .createIndex('posts_status_views_idx')
    .on('posts')
    .columns(['status', 'views', 'published_at', 'id'])
    .execute()
  await db.schema
    .createIndex('posts_category_published_idx')
    .on('posts')
    .columns(['category_id', 'status', 'published_at', 'id'])
    .execute()
  await db.schema
    .createIndex('posts_category_views_idx')
    .on('posts')
    .columns(['category_id', 'status', 'views', 'published_at', 'id'])
    .execute()
  await db.schema
    .createIndex('posts_featured_idx')
    .on('posts')
    .columns(['featured', 'status', 'featured_at', 'id'])
    .execute()
  await db.schema.createIndex('posts_created_idx').on('posts').columns(['created_at', 'id']).execute()
  await db.schema.createIndex('posts_render_version_idx').on('posts').column('render_version').execute()

  // One row per (post, tag), carrying the post's state so a tag page is one index range.
  await db.schema
    .createTable('post_tags')
    .addColumn('tag_key', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .addPrimaryKeyConstraint('post_tags_pk', ['tag_key', 'post_id'])
    .execute()
  await db.schema
    .createIndex('post_tags_listing_idx')
    .on('post_tags')
    .columns(['tag_key', 'status', 'published_at', 'post_id'])
    .execute()
  await db.schema.createIndex('post_tags_post_idx').on('post_tags').column('post_id').execute()
  const posts = await db.selectFrom('posts').select(['id', 'tags', 'status', 'published_at']).execute()
  for (const post of posts) {
    let tags: unknown = []
    try {
      tags = JSON.parse(post.tags)
    } catch {
      tags = []
    }
    const seen = new Map<string, string>()
    for (const tag of Array.isArray(tags) ? tags : []) {
      if (typeof tag !== 'string' || !tag.trim()) continue
      const key = tag.trim().toLowerCase()
      if (!seen.has(key)) seen.set(key, tag.trim())
    }
    if (seen.size) {
      await db
        .insertInto('post_tags')
        .values(
          [...seen].map(([key, tag]) => ({
            tag_key: key,
            post_id: post.id,
            tag,
            status: post.status,
            published_at: post.published_at,
          })),
        )
        .execute()
    }
  }

  // Published-post counts per listing ('published', 'category:<id>', 'tag:<key>'), recounted on each write.
  await db.schema
    .createTable('post_counts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute()
  await sql`insert into post_counts (key, n) select 'published', count(*) from posts where status = 'published'`.execute(
    db,
  )
  await sql`insert into post_counts (key, n) select 'category:' || category_id, count(*) from posts where status = 'published' and category_id is not null group by category_id`.execute(
    db,
  )
  await sql`insert into post_counts (key, n) select 'tag:' || tag_key, count(*) from post_tags where status = 'published' group by tag_key`.execute(
    db,
  )

  // Full-text search: the searchable text of each post (markdown stripped), filled by the app when it derives
  // the post; indexed by the engine's own full-text index.
  if (isPg) {
    // Case and accents folded the way SQLite's unicode61 tokenizer folds them, so both engines find the same posts.
    await sql
      .raw(
        `create function blog_fold(t text) returns text language sql immutable parallel safe
      as $$ select translate(lower(t), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįłñńňòóôõöøōőùúûüūůűųýÿžźżśšş', 'aaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooouuuuuuuuyyzzzsss') $$`,
      )
      .execute(db)
    await sql`create table post_search (
      post_id text primary key references posts(id) on delete cascade,
      status text not null,
      published_at text,
      title text not null,
      excerpt text not null,
      body text not null,
      tags text not null,
      document tsvector generated always as (
        setweight(to_tsvector('simple', blog_fold(title)), 'A') || setweight(to_tsvector('simple', blog_fold(tags)), 'B') ||
        setweight(to_tsvector('simple', blog_fold(excerpt)), 'C') || setweight(to_tsvector('simple', blog_fold(body)), 'D')
      ) stored
    )`.execute(db)
    await sql`create index post_search_document_idx on post_search using gin (document)`.execute(db)
  } else {
    await sql`create table post_search (
      id integer primary key,
      post_id text not null unique references posts(id) on delete cascade,
      status text not null,
      published_at text,
      title text not null,
      excerpt text not null,
      body text not null,
      tags text not null
    )`.execute(db)
    await sql`create virtual table post_search_fts using fts5(
      title, excerpt, body, tags, content='post_search', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
    )`.execute(db)
    await sql`create trigger post_search_ai after insert on post_search begin
      insert into post_search_fts (rowid, title, excerpt, body, tags) values (new.id, new.title, new.excerpt, new.body, new.tags);
    end`.execute(db)
    await sql`create trigger post_search_ad after delete on post_search begin
      insert into post_search_fts (post_search_fts, rowid, title, excerpt, body, tags) values ('delete', old.id, old.title, old.excerpt, old.body, old.tags);
    end`.execute(db)
    await sql`create trigger post_search_au after update of title, excerpt, body, tags on post_search begin
      insert into post_search_fts (post_search_fts, rowid, title, excerpt, body, tags) values ('delete', old.id, old.title, old.excerpt, old.body, old.tags);
      insert into post_search_fts (rowid, title, excerpt, body, tags) values (new.id, new.title, new.excerpt, new.body, new.tags);
    end`.execute(db)
  }
  await db.schema.createIndex('post_search_status_idx').on('post_search').columns(['status', 'published_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists post_search_fts`.execute(db)
  await db.schema.dropTable('post_search').ifExists().execute()
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`drop function if exists blog_fold(text)`.execute(db)
  await db.schema.dropTable('post_counts').ifExists().execute()
  await db.schema.dropTable('post_tags').ifExists().execute()
  for (const index of [
    'posts_status_published_idx',
    'posts_status_views_idx',
    'posts_category_published_idx',
    'posts_category_views_idx',
    'posts_featured_idx',
    'posts_created_idx',
    'posts_render_version_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute()
  }
  await db.schema.createIndex('posts_status_published_idx').on('posts').columns(['status', 'published_at']).execute()
  await db.schema.createIndex('posts_category_idx').on('posts').column('category_id').execute()
  for (const column of ['like_count', 'comment_count', 'content_html', 'headings', 'render_version']) {
    await db.schema.alterTable('posts').dropColumn(column).execute()
  }
}
