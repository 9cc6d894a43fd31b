import { createFederation, type Context, type Federation } from '@fedify/fedify'
import {
  Article,
  Create,
  Delete,
  Endpoints,
  Follow,
  Hashtag,
  Image,
  Person,
  PUBLIC_COLLECTION,
  Reject,
  Tombstone,
  Update,
  type Recipient,
} from '@fedify/vocab'
import { Temporal } from '@js-temporal/polyfill'
import { paths } from '#shared/paths.ts'
import type { AppContext } from '../../context.ts'
import { absoluteHtml } from '../feeds/feeds.service.ts'
import { listPosts, postById, postDetailBySlug, postHtmlByIds } from '../posts/posts.service.ts'
import { getSiteIdentity } from '../settings/site-identity.service.ts'
import { cachedActor } from './fediverse-actor-cache.ts'
import { DbKvStore } from './fediverse-kv.repo.ts'
import { DbMessageQueue } from './fediverse-queue.repo.ts'
import { actorKeyPairs } from './fediverse-keys.ts'
import { BLOG_ACTOR, readSettings } from './fediverse-state.ts'
import * as repo from './fediverse.repo.ts'
import { onInboxActivity } from './fediverse-inbox.ts'

export const OUTBOX_PAGE = 20
const FOLLOWERS_PAGE = 100

export type BlogFederation = Federation<AppContext>

/** What a post looks like to the fediverse, from the data the post page shows. */
export type ArticleSource = {
  id: string
  slug: string
  title: string
  excerpt: string
  tags: string[]
  featuredImage: string | null
  publishedAt: string | null
  updatedAt: string
  html: string
}

export function articleOf(ctx: Context<AppContext>, post: ArticleSource, objectId?: URL): Article {
  const base = ctx.data.env.publicUrl
  const url = new URL(paths.post(post.slug), base)
  return new Article({
    id: objectId ?? ctx.getObjectUri(Article, { slug: post.slug }),
    attribution: ctx.getActorUri(BLOG_ACTOR),
    name: post.title,
    content: absoluteHtml(post.html, base),
    summary: post.excerpt || null,
    url,
    published: post.publishedAt ? Temporal.Instant.from(post.publishedAt) : null,
    updated: Temporal.Instant.from(post.updatedAt),
    tags: post.tags.map(
      (tag) => new Hashtag({ name: `#${tag.replace(/\s+/g, '')}`, href: new URL(paths.tag(tag), base) }),
    ),
    image: post.featuredImage ? new Image({ url: new URL(post.featuredImage, base) }) : null,
    to: PUBLIC_COLLECTION,
    ccs: [ctx.getFollowersUri(BLOG_ACTOR)],
  })
}

/** The Create of an article; its id is the article's with `#create` (or `#{fragment}` for a later Create of it). */
export function createOf(ctx: Context<AppContext>, article: Article, fragment = 'create'): Create {
  return new Create({
    id: new URL(`${article.id!.href}#${fragment}`),
    actor: ctx.getActorUri(BLOG_ACTOR),
    object: article,
    published: article.published,
    to: PUBLIC_COLLECTION,
    ccs: [ctx.getFollowersUri(BLOG_ACTOR)],
  })
}

/** A published post by slug, or null (drafts, scheduled posts and missing slugs alike). */
export async function publishedArticleSource(ctx: AppContext, slug: string): Promise<ArticleSource | null> {
  try {
    const post = await postDetailBySlug(ctx.db, slug, { isAdmin: false })
    return { ...post, html: post.contentHtml }
  } catch {
    return null
  }
}

/** A follower as a recipient of deliveries. */
export const recipientOf = (row: repo.FollowerRow): Recipient => ({
  id: new URL(row.actor_id),
  inboxId: new URL(row.inbox),
  endpoints: row.shared_inbox ? { sharedInbox: new URL(row.shared_inbox) } : null,
})

export type FederationOptions = {
  /** Lets Fedify fetch private and loopback addresses: the loopback tests only (FEDIVERSE_ALLOW_PRIVATE_ADDRESSES=1). */
  allowPrivateAddress: boolean
  queuePollMs?: number
  /** Resolves when the queue may take its next message (the plugin's reader-first pacer). */
  pace?: () => Promise<void>
}

/**
 * The blog's Fedify federation: its store and queue in our database, the actor, its collections, the articles and
 * the inbox. Every dispatcher reads the settings first: with federation switched off they answer nothing (404).
 */
export function buildFederation(
  app: AppContext,
  opts: FederationOptions,
): { federation: BlogFederation; queue: DbMessageQueue; kv: DbKvStore } {
  const kv = new DbKvStore(app.db, app.clock, app.engine)
  const queue = new DbMessageQueue(app.db, app.engine, { pollMs: opts.queuePollMs, pace: opts.pace, now: app.clock })
  const federation = createFederation<AppContext>({
    kv,
    queue,
    manuallyStartQueue: true,
    origin: app.env.publicUrl,
    allowPrivateAddress: opts.allowPrivateAddress,
    userAgent: { software: 'lab-blog' },
  })

  federation
    .setActorDispatcher('/fediverse/users/{identifier}', async (ctx, identifier) => {
      if (identifier !== BLOG_ACTOR) return null
      const settings = await readSettings(ctx.data.db)
      if (!settings.enabled) return null
      const site = await getSiteIdentity(ctx.data.db)
      return cachedActor(ctx, JSON.stringify([settings, site]), async () => {
        const keys = await ctx.getActorKeyPairs(identifier)
        const icon = site.logo || site.favicon
        return new Person({
          id: ctx.getActorUri(identifier),
          preferredUsername: settings.handle,
          name: site.title,
          summary: site.tagline || null,
          url: new URL(paths.home(), ctx.data.env.publicUrl),
          icon: icon ? new Image({ url: new URL(icon, ctx.data.env.publicUrl) }) : null,
          inbox: ctx.getInboxUri(identifier),
          endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
          outbox: ctx.getOutboxUri(identifier),
          followers: ctx.getFollowersUri(identifier),
          publicKey: keys[0]?.cryptographicKey,
          assertionMethods: keys.map((key) => key.multikey),
          manuallyApprovesFollowers: false,
          discoverable: true,
        })
      })
    })
    .mapHandle(async (ctx, username) => {
      const settings = await readSettings(ctx.data.db)
      return settings.enabled && username === settings.handle ? BLOG_ACTOR : null
    })
    .mapAlias(() => null)
    .setKeyPairsDispatcher(async (ctx, identifier) =>
      identifier === BLOG_ACTOR ? actorKeyPairs(ctx.data.db, ctx.data.clock()) : [],
    )

  federation.setObjectDispatcher(Article, '/blog/{slug}', async (ctx, values) => {
    if (!(await readSettings(ctx.data.db)).enabled) return null
    const post = await publishedArticleSource(ctx.data, values.slug)
    return post ? articleOf(ctx, post) : null
  })

  federation
    .setOutboxDispatcher('/fediverse/users/{identifier}/outbox', async (ctx, identifier, cursor) => {
      if (identifier !== BLOG_ACTOR || cursor === null) return null
      const page = Number(cursor)
      if (!Number.isSafeInteger(page) || page < 1 || page > 100_000) return null
      const { posts, total } = await listPosts(
        ctx.data.db,
        { page, limit: OUTBOX_PAGE, sort: 'latest' },
        { isAdmin: false },
      )
      const html = await postHtmlByIds(
        ctx.data.db,
        posts.map((p) => p.id),
      )
      const items = posts.map((post) => createOf(ctx, articleOf(ctx, { ...post, html: html.get(post.id) ?? '' })))
      return { items, nextCursor: page * OUTBOX_PAGE < total ? String(page + 1) : null }
    })
    .setCounter(async (ctx, identifier) => {
      if (identifier !== BLOG_ACTOR) return null
      return (await listPosts(ctx.data.db, { page: 1, limit: 1, sort: 'latest' }, { isAdmin: false })).total
    })
    .setFirstCursor(() => '1')

  federation
    .setFollowersDispatcher('/fediverse/users/{identifier}/followers', async (ctx, identifier, cursor) => {
      if (identifier !== BLOG_ACTOR || cursor === null) return null
      const [createdAt, actorId] = splitCursor(cursor)
      const rows = await repo.followersPage(
        ctx.data.db,
        FOLLOWERS_PAGE,
        createdAt && actorId ? { createdAt, actorId } : undefined,
      )
      const last = rows.at(-1)
      return {
        items: rows.map(recipientOf),
        nextCursor: rows.length === FOLLOWERS_PAGE && last ? `${last.created_at}|${last.actor_id}` : null,
      }
    })
    .setCounter(async (ctx, identifier) => (identifier === BLOG_ACTOR ? repo.countFollowers(ctx.data.db) : null))
    .setFirstCursor(() => 'start')

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async (ctx) => {
    const published = (await listPosts(ctx.data.db, { page: 1, limit: 1, sort: 'latest' }, { isAdmin: false })).total
    return {
      software: { name: 'lab-blog', version: '0.1.0', homepage: new URL(paths.home(), ctx.data.env.publicUrl) },
      protocols: ['activitypub'],
      usage: { users: { total: 1, activeMonth: 1, activeHalfyear: 1 }, localPosts: published, localComments: 0 },
      openRegistrations: false,
    }
  })

  onInboxActivity(federation.setInboxListeners('/fediverse/users/{identifier}/inbox', '/fediverse/inbox'))

  return { federation, queue, kv }
}

function splitCursor(cursor: string): [string, string] | [] {
  const at = cursor.indexOf('|')
  return at > 0 ? [cursor.slice(0, at), cursor.slice(at + 1)] : []
}

/** Every follower, for a delivery (Fedify sends once per shared inbox). */
async function allFollowers(app: AppContext): Promise<repo.FollowerRow[]> {
  const all: repo.FollowerRow[] = []
  for (;;) {
    const last = all.at(-1)
    const page = await repo.followersPage(
      app.db,
      1000,
      last ? { createdAt: last.created_at, actorId: last.actor_id } : undefined,
    )
    all.push(...page)
    if (page.length < 1000) return all
  }
}

/** Removes a follower and tells its server with a Reject of its Follow. */
export async function removeFollower(app: AppContext, federation: BlogFederation, actorId: string): Promise<boolean> {
  const row = await repo.deleteFollower(app.db, actorId)
  if (!row) return false
  const ctx = federation.createContext(new URL(app.env.publicUrl), app)
  const me = ctx.getActorUri(BLOG_ACTOR)
  await ctx.sendActivity(
    { identifier: BLOG_ACTOR },
    recipientOf(row),
    new Reject({
      id: new URL(`#rejects/${crypto.randomUUID()}`, me),
      actor: me,
      object: new Follow({
        id: row.follow_id ? new URL(row.follow_id) : null,
        actor: new URL(row.actor_id),
        object: me,
      }),
    }),
  )
  return true
}

/** Blocks an actor: its activities are ignored from now on and it stops being a follower. */
export async function blockActor(app: AppContext, federation: BlogFederation, actorId: string): Promise<void> {
  await repo.insertBlock(app.db, actorId, app.clock())
  await removeFollower(app, federation, actorId)
}

/**
 * Queues the activity that brings followers up to the post's state and says what to record of it (the fediverse is
 * on: announcePost checked). Its id depends only on what was recorded before and the post as it is, so the activity
 * queued again after a kill (between the queueing and the record's commit) is the same activity, which receivers
 * drop as a repeat.
 */
export async function tellFollowers(
  app: AppContext,
  federation: BlogFederation,
  postId: string,
): Promise<repo.ArticleRecord | null> {
  const known = await repo.findArticle(app.db, postId)
  const post = await postById(app.db, postId, { isAdmin: true }).catch(() => null)
  const ctx = federation.createContext(new URL(app.env.publicUrl), app)
  const me = ctx.getActorUri(BLOG_ACTOR)
  const audience = { to: PUBLIC_COLLECTION, ccs: [ctx.getFollowersUri(BLOG_ACTOR)] }
  const now = app.clock()
  const source = post?.status === 'published' ? await publishedArticleSource(app, post.slug) : null
  const since = (row: { updated_at: string }) => new Date(row.updated_at).getTime()
  let activity
  let record: repo.ArticleRecord | null = null
  if (source && (!known || known.state === 'deleted')) {
    // Published again after a Delete: a Create with an id of its own (receivers remember the first one).
    activity = createOf(ctx, articleOf(ctx, source), known ? `create-${since(known)}` : undefined)
    record = { objectId: activity.objectId!.href, state: 'created', now }
  } else if (source && known) {
    activity = new Update({
      id: new URL(`${known.object_id}#update-${new Date(source.updatedAt).getTime()}`),
      actor: me,
      object: articleOf(ctx, source, new URL(known.object_id)),
      ...audience,
    })
  } else if (!source && known?.state === 'created') {
    activity = new Delete({
      id: new URL(`${known.object_id}#delete-${since(known)}`),
      actor: me,
      object: new Tombstone({ id: new URL(known.object_id) }),
      ...audience,
    })
    record = { objectId: known.object_id, state: 'deleted', now }
  } else return null
  const recipients = (await allFollowers(app)).map(recipientOf)
  if (recipients.length > 0)
    await ctx.sendActivity({ identifier: BLOG_ACTOR }, recipients, activity, { preferSharedInbox: true })
  return record
}
