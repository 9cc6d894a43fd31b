import type { FastifyBaseLogger } from 'fastify'
import type {
  FediverseAccount,
  FediverseFollowersPage,
  FediverseOverview,
  FediverseSettings,
} from '#shared/schemas/fediverse.ts'
import type { AppContext } from '../../context.ts'
import type { BlogFederation } from './fediverse.federation.ts'
import { loadFedify } from './fediverse-loader.ts'
import { BLOG_ACTOR, readSettings, saveSettings } from './fediverse-state.ts'
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

/** One settlement at a time in each process: each holds a database connection while it waits for another instance. */
const settling = new WeakMap<AppContext['db'], Promise<void>>()

/**
 * Tells the followers about a post's new state if it is marked as changed (see recordPostChangeForFediverse), and
 * records what they were told in the transaction that removes the mark. Never throws: a failure is logged and the
 * mark stays for the next start. `federation` is the running server's (app.federation), built when first asked for.
 */
export function announcePost(
  app: AppContext,
  federation: () => Promise<BlogFederation>,
  postId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  // With the fediverse off the mark goes without a word to anyone, and without loading Fedify.
  const tell = async () => {
    if (!(await readSettings(app.db)).enabled) return null
    const { tellFollowers } = await loadFedify()
    return tellFollowers(app, await federation(), postId)
  }
  const run = async () => {
    try {
      await repo.settlePendingPost(app.db, app.engine, postId, tell)
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
  federation: () => Promise<BlogFederation>,
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
