import type { InboxContext, InboxListenerSetters } from '@fedify/fedify'
import { Accept, Follow, Undo, type Actor } from '@fedify/vocab'
import type { AppContext } from '../../context.ts'
import * as repo from './fediverse.repo.ts'

const BLOG_ACTOR = 'site'

/** `@user@server` of a remote actor. */
export function handleOf(actor: Actor): string {
  const host = actor.id?.host ?? ''
  return `@${actor.preferredUsername?.toString() ?? 'unknown'}@${host}`
}

const urlOf = (actor: Actor): string | null => {
  const url = actor.url
  if (url instanceof URL) return url.href
  return url?.href?.href ?? actor.id?.href ?? null
}

const isOurActor = (ctx: InboxContext<AppContext>, uri: URL | null) => {
  if (!uri) return false
  const parsed = ctx.parseUri(uri)
  return parsed?.type === 'actor' && parsed.identifier === BLOG_ACTOR
}

async function onFollow(ctx: InboxContext<AppContext>, follow: Follow): Promise<void> {
  if (!follow.id || !follow.actorId || !isOurActor(ctx, follow.objectId)) return
  if (await repo.isBlocked(ctx.data.db, follow.actorId.href)) return
  const follower = await follow.getActor(ctx)
  if (!follower?.id || !follower.inboxId || follower.id.href !== follow.actorId.href) return
  await repo.upsertFollower(ctx.data.db, {
    actor_id: follower.id.href,
    inbox: follower.inboxId.href,
    shared_inbox: follower.endpoints?.sharedInbox?.href ?? null,
    handle: handleOf(follower),
    name: follower.name?.toString().slice(0, 200) ?? null,
    url: urlOf(follower),
    follow_id: follow.id.href,
    created_at: ctx.data.clock().toISOString(),
  })
  await ctx.sendActivity(
    { identifier: BLOG_ACTOR },
    follower,
    new Accept({
      id: new URL(`#accepts/${crypto.randomUUID()}`, ctx.getActorUri(BLOG_ACTOR)),
      actor: ctx.getActorUri(BLOG_ACTOR),
      object: follow,
    }),
  )
}

async function onUndo(ctx: InboxContext<AppContext>, undo: Undo): Promise<void> {
  if (!undo.actorId) return
  const object = await undo.getObject(ctx)
  if (object instanceof Follow) {
    if (object.actorId?.href !== undo.actorId.href || !isOurActor(ctx, object.objectId)) return
    await repo.deleteFollower(ctx.data.db, undo.actorId.href)
  }
}

/**
 * What the inbox does with each kind of activity. Fedify has checked the HTTP signature before any of these runs
 * (unsigned or wrongly signed: 401) and queued the activity; a blocked actor's activities are dropped here.
 */
export function onInboxActivity(inbox: InboxListenerSetters<AppContext>): void {
  inbox.on(Follow, onFollow).on(Undo, async (ctx, undo) => {
    if (undo.actorId && (await repo.isBlocked(ctx.data.db, undo.actorId.href))) return
    await onUndo(ctx, undo)
  })
}
