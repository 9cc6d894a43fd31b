import type { InboxContext, InboxListenerSetters } from '@fedify/fedify'
import { Accept, Announce, Create, Delete, Follow, Like, Note, Undo, Update, type Actor } from '@fedify/vocab'
import type { AppContext } from '../../context.ts'
import { deleteRemoteComment, receiveRemoteComment, updateRemoteComment } from '../engagement/comments.service.ts'
import { assertPostVisible, postBySlug } from '../posts/posts.service.ts'
import * as repo from './fediverse.repo.ts'
import { BLOG_ACTOR } from './fediverse-state.ts'
import { noteText } from './fediverse-text.ts'

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

const anonymous = { isAdmin: false }

/**
 * The published post an object id names: one of our articles by the id we sent, or a post URL of this site.
 * Drafts, scheduled posts and anything else: null.
 */
async function publishedPostOf(ctx: InboxContext<AppContext>, uri: URL | null): Promise<string | null> {
  if (!uri) return null
  const app = ctx.data
  let postId = (await repo.findPostIdByObjectId(app.db, uri.href)) ?? null
  const base = new URL(app.env.publicUrl)
  const slug = /^\/blog\/([^/?#]+)$/.exec(uri.pathname)?.[1]
  if (!postId && uri.origin === base.origin && slug) {
    try {
      postId = (await postBySlug(app.db, decodeURIComponent(slug), anonymous)).id
    } catch {
      return null
    }
  }
  if (!postId) return null
  try {
    await assertPostVisible(app.db, postId, anonymous)
    return postId
  } catch {
    return null
  }
}

/** An object an actor may speak for: one on its own server. */
const sameServer = (objectId: URL | null, actorId: URL) => objectId !== null && objectId.origin === actorId.origin

async function onCreate(ctx: InboxContext<AppContext>, create: Create): Promise<void> {
  if (!create.actorId) return
  const note = await create.getObject(ctx)
  if (!(note instanceof Note) || !note.id || !sameServer(note.id, create.actorId)) return
  if (note.attributionId && note.attributionId.href !== create.actorId.href) return
  const postId = await publishedPostOf(ctx, note.replyTargetId)
  if (!postId) return
  const author = await create.getActor(ctx)
  if (!author) return
  const authorUrl = urlOf(author)
  // Over the comment limits (per account, per server) the reply is dropped: receiveRemoteComment says false.
  await receiveRemoteComment(
    ctx.data.db,
    {
      postId,
      remoteId: note.id.href,
      actorId: create.actorId.href,
      authorName: author.name?.toString().trim() || handleOf(author),
      authorUrl: authorUrl && /^https?:\/\//.test(authorUrl) ? authorUrl : null,
      content: noteText(note.content?.toString() ?? ''),
    },
    ctx.data.clock(),
  )
}

async function onUpdate(ctx: InboxContext<AppContext>, update: Update): Promise<void> {
  if (!update.actorId) return
  const note = await update.getObject(ctx)
  if (!(note instanceof Note) || !note.id || !sameServer(note.id, update.actorId)) return
  await updateRemoteComment(ctx.data.db, note.id.href, noteText(note.content?.toString() ?? ''), ctx.data.clock())
}

async function onDelete(ctx: InboxContext<AppContext>, del: Delete): Promise<void> {
  if (!del.actorId || !sameServer(del.objectId, del.actorId)) return
  await deleteRemoteComment(ctx.data.db, del.objectId!.href)
}

async function react(ctx: InboxContext<AppContext>, activity: Like | Announce, kind: 'like' | 'boost'): Promise<void> {
  if (!activity.actorId) return
  const postId = await publishedPostOf(ctx, activity.objectId)
  if (!postId) return
  await repo.addReaction(ctx.data.db, {
    post_id: postId,
    actor_id: activity.actorId.href,
    kind,
    activity_id: activity.id?.href ?? null,
    created_at: ctx.data.clock().toISOString(),
  })
}

async function onUndo(ctx: InboxContext<AppContext>, undo: Undo): Promise<void> {
  if (!undo.actorId) return
  const object = await undo.getObject(ctx)
  if (object instanceof Follow) {
    if (object.actorId?.href !== undo.actorId.href || !isOurActor(ctx, object.objectId)) return
    await repo.deleteFollower(ctx.data.db, undo.actorId.href)
  } else if (object instanceof Like || object instanceof Announce) {
    if (object.actorId && object.actorId.href !== undo.actorId.href) return
    const postId = await publishedPostOf(ctx, object.objectId)
    if (postId)
      await repo.removeReaction(ctx.data.db, postId, undo.actorId.href, object instanceof Like ? 'like' : 'boost')
  }
}

/** Drops the activities of blocked actors before any handler sees them. */
const unlessBlocked =
  <T extends { actorId: URL | null }>(handler: (ctx: InboxContext<AppContext>, activity: T) => Promise<void>) =>
  async (ctx: InboxContext<AppContext>, activity: T) => {
    if (activity.actorId && (await repo.isBlocked(ctx.data.db, activity.actorId.href))) return
    await handler(ctx, activity)
  }

/**
 * What the inbox does with each kind of activity. Fedify has checked the HTTP signature before any of these runs
 * (unsigned or wrongly signed: 401) and queued the activity; a blocked actor's activities are dropped here.
 */
export function onInboxActivity(inbox: InboxListenerSetters<AppContext>): void {
  inbox
    .on(Follow, unlessBlocked(onFollow))
    .on(Undo, unlessBlocked(onUndo))
    .on(Create, unlessBlocked(onCreate))
    .on(Update, unlessBlocked(onUpdate))
    .on(Delete, unlessBlocked(onDelete))
    .on(
      Like,
      unlessBlocked((ctx, like: Like) => react(ctx, like, 'like')),
    )
    .on(
      Announce,
      unlessBlocked((ctx, announce: Announce) => react(ctx, announce, 'boost')),
    )
}
