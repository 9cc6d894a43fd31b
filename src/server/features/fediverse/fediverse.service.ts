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

/** Tells the followers about a post's new state (see postChangedForFediverse). */
export async function announcePost(
  app: AppContext,
  federation: BlogFederation,
  postId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    if (!(await readSettings(app.db)).enabled) return
    const known = await repo.findArticle(app.db, postId)
    const post = await postById(app.db, postId, { isAdmin: true }).catch(() => null)
    const ctx = federation.createContext(new URL(app.env.publicUrl), app)
    const me = ctx.getActorUri(BLOG_ACTOR)
    const audience = { to: PUBLIC_COLLECTION, ccs: [ctx.getFollowersUri(BLOG_ACTOR)] }
    const now = app.clock()
    const source = post?.status === 'published' ? await publishedArticleSource(app, post.slug) : null
    let activity
    if (source && (!known || known.state === 'deleted')) {
      activity = createOf(ctx, articleOf(ctx, source))
      await repo.saveArticle(app.db, postId, activity.objectId!.href, 'created', now)
    } else if (source && known) {
      const article = articleOf(ctx, source, new URL(known.object_id))
      activity = new Update({
        id: new URL(`${known.object_id}#update-${now.getTime()}`),
        actor: me,
        object: article,
        ...audience,
      })
    } else if (!source && known?.state === 'created') {
      activity = new Delete({
        id: new URL(`${known.object_id}#delete-${now.getTime()}`),
        actor: me,
        object: new Tombstone({ id: new URL(known.object_id) }),
        ...audience,
      })
      await repo.saveArticle(app.db, postId, known.object_id, 'deleted', now)
    } else return
    const recipients = (await allFollowers(app)).map(recipientOf)
    if (recipients.length === 0) return
    await ctx.sendActivity({ identifier: BLOG_ACTOR }, recipients, activity, { preferSharedInbox: true })
  } catch (err) {
    log.error({ err, postId }, 'could not queue the fediverse delivery of a post')
  }
}
