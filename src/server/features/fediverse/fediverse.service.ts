import { Delete, Follow, PUBLIC_COLLECTION, Reject, Tombstone, Update } from '@fedify/vocab'
import type { FastifyBaseLogger } from 'fastify'
import type {
  FediverseAccount,
  FediverseFollowersPage,
  FediverseOverview,
  FediverseSettings,
} from '#shared/schemas/fediverse.ts'
import type { AppContext } from '../../context.ts'
import { postById } from '../posts/posts.service.ts'
import {
  articleOf,
  BLOG_ACTOR,
  createOf,
  publishedArticleSource,
  recipientOf,
  type BlogFederation,
} from './fediverse.federation.ts'
import { readSettings, saveSettings } from './fediverse-state.ts'
import * as repo from './fediverse.repo.ts'

const ADMIN_PAGE = 50

/** `@handle@host`: PUBLIC_URL's host, with its port if it has one. */
export function accountOf(publicUrl: string, handle: string): string {
  return `@${handle}@${new URL(publicUrl).host}`
}

export async function overview(app: AppContext): Promise<FediverseOverview> {
  const settings = await readSettings(app.db)
  return {
    ...settings,
    account: accountOf(app.env.publicUrl, settings.handle),
    followerCount: await repo.countFollowers(app.db),
  }
}

export async function updateSettings(app: AppContext, input: FediverseSettings): Promise<FediverseOverview> {
  await saveSettings(app.db, input, app.clock())
  return overview(app)
}

/** The public "Follow on the fediverse" line: the account, or null when federation is off. */
export async function publicAccount(app: AppContext): Promise<FediverseAccount> {
  const settings = await readSettings(app.db)
  return { account: settings.enabled ? accountOf(app.env.publicUrl, settings.handle) : null }
}

/** The actor's path, for the home page's `<link rel="alternate" type="application/activity+json">`. */
export const actorPath = () => `/fediverse/users/${BLOG_ACTOR}`

export async function followers(app: AppContext, after: string | undefined): Promise<FediverseFollowersPage> {
  const at = after ? after.indexOf('|') : -1
  const rows = await repo.followersPage(
    app.db,
    ADMIN_PAGE,
    after && at > 0 ? { createdAt: after.slice(0, at), actorId: after.slice(at + 1) } : undefined,
  )
  const last = rows.at(-1)
  return {
    followers: rows.map((row) => ({
      actorId: row.actor_id,
      handle: row.handle,
      name: row.name,
      server: new URL(row.actor_id).host,
      url: row.url,
      since: row.created_at,
    })),
    next: rows.length === ADMIN_PAGE && last ? `${last.created_at}|${last.actor_id}` : null,
  }
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

/** One settlement at a time in each process: each holds a database connection while it waits for another instance. */
const settling = new WeakMap<AppContext['db'], Promise<void>>()

/**
 * Tells the followers about a post's new state if it is marked as changed (see recordPostChangeForFediverse), and
 * records what they were told in the transaction that removes the mark. Never throws: a failure is logged and the
 * mark stays for the next start.
 */
export function announcePost(
  app: AppContext,
  federation: BlogFederation,
  postId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const run = async () => {
    try {
      await repo.settlePendingPost(app.db, app.engine, postId, () => tellFollowers(app, federation, postId))
    } catch (err) {
      log.error({ err, postId }, 'could not queue the fediverse delivery of a post')
    }
  }
  const next = (settling.get(app.db) ?? Promise.resolve()).then(run)
  settling.set(app.db, next)
  return next
}

const PENDING_BATCH = 100

/**
 * Announces every post still marked as changed: run by every instance at start, so a kill after a post's commit and
 * before its activity was queued (and recorded) loses nothing. Safe on several instances at once (see settlePendingPost).
 */
export async function announcePendingPosts(
  app: AppContext,
  federation: BlogFederation,
  log: FastifyBaseLogger,
): Promise<number> {
  let announced = 0
  for (let after = ''; ;) {
    const ids = await repo.pendingPostIds(app.db, after, PENDING_BATCH)
    for (const id of ids) await announcePost(app, federation, id, log)
    announced += ids.length
    if (ids.length < PENDING_BATCH) return announced
    after = ids.at(-1)!
  }
}

/**
 * Queues the activity that brings followers up to the post's state and says what to record of it. Its id depends
 * only on what was recorded before and the post as it is, so the activity queued again after a kill (between the
 * queueing and the record's commit) is the same activity, which receivers drop as a repeat.
 */
async function tellFollowers(
  app: AppContext,
  federation: BlogFederation,
  postId: string,
): Promise<repo.ArticleRecord | null> {
  if (!(await readSettings(app.db)).enabled) return null
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
