import { createFederation, type Context, type Federation } from '@fedify/fedify'
import { Article, Create, Endpoints, Hashtag, Image, Person, PUBLIC_COLLECTION, type Recipient } from '@fedify/vocab'
import { Temporal } from '@js-temporal/polyfill'
import { paths } from '#shared/paths.ts'
import type { AppContext } from '../../context.ts'
import { absoluteHtml } from '../feeds/feeds.service.ts'
import { listPosts, postDetailBySlug, postHtmlByIds } from '../posts/posts.service.ts'
import { getSiteIdentity } from '../settings/site-identity.service.ts'
import { cachedActor } from './fediverse-actor-cache.ts'
import { DbKvStore } from './fediverse-kv.repo.ts'
import { DbMessageQueue } from './fediverse-queue.repo.ts'
import { actorKeyPairs, BLOG_ACTOR, readSettings } from './fediverse-state.ts'
import * as repo from './fediverse.repo.ts'
import { onInboxActivity } from './fediverse-inbox.ts'

export { BLOG_ACTOR }
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
