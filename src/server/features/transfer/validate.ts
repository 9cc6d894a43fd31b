import type { z } from 'zod'
import { ANALYTICS_FILTER_MAX, AnalyticsDimensionSchema } from '#shared/schemas/analytics.ts'
import { AuthorProfileSchema } from '#shared/schemas/author.ts'
import { CategoryInputSchema } from '#shared/schemas/category.ts'
import { CommentInputSchema } from '#shared/schemas/engagement.ts'
import { AltTextUpdateSchema } from '#shared/schemas/media.ts'
import { PostInputSchema } from '#shared/schemas/post.ts'
import { REDIRECT_SOURCES, RedirectInputSchema, redirectRuleSchema } from '#shared/schemas/redirect.ts'
import { FooterPageInputSchema, SettingsUpdateSchema } from '#shared/schemas/site.ts'
import { SubscriberEmailSchema, SubscriberStatusSchema } from '#shared/schemas/subscriber.ts'
import { DELIVERY_STATUSES } from '#shared/schemas/newsletter.ts'
import { FediverseSettingsSchema } from '#shared/schemas/fediverse.ts'
import { normaliseSitePath } from '#shared/text/site-path.ts'
import { cleanInput } from '../../http/clean-input.ts'
import type { DataKind } from './backup-format.ts'
import type { ModelRecords } from './model.ts'

export type Checked<T> = { value: T; reason?: undefined } | { reason: string; value?: undefined }
/** A record with the name the report gives it: as read (not yet checked), checked, or refused with the reason. */
export type CheckedRecord<T> = Checked<T> & { name: string }

/** Full URLs are never redirect targets of an import: only paths of this site. */
const NO_ORIGIN = 'http://site.invalid'
/** Internal markers (the demo seed's) are kept; a running lock never leaves an instance. */
const MARKER_KEY = /^(?!lock:)[a-z]+:[a-z0-9-]{1,60}$/
/** A server secret as loadSecret makes one: at least 32 random bytes, base64url. */
const SECRET_VALUE = /^[A-Za-z0-9_-]{43,200}$/
/** The longest value the analytics API filters by. */
const ANALYTICS_VALUE_MAX = ANALYTICS_FILTER_MAX
const blankToNull = (v: string) => (v === '' ? null : v)

/** A fediverse address (an actor, an inbox, an object): http(s) only. */
const isHttpUrl = (value: string | null) => {
  if (value === null) return true
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}
/** The actor's stored key pairs: a short list of JWK pairs. */
const isKeyList = (json: string) => {
  try {
    const pairs: unknown = JSON.parse(json)
    return (
      Array.isArray(pairs) &&
      pairs.length > 0 &&
      pairs.length <= 4 &&
      pairs.every((p) => typeof p?.privateKey?.kty === 'string' && typeof p?.publicKey?.kty === 'string')
    )
  } catch {
    return false
  }
}

const ok = <T>(value: T): Checked<T> => ({ value })
const refuse = (reason: string): Checked<never> => ({ reason })

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  return issue ? `${issue.path.join('.') || 'value'}: ${issue.message}` : 'invalid'
}

/** The API's schema over some of a record's fields: the fields as the API would store them, or why it would not. */
function through<S extends z.ZodType>(schema: S, fields: z.input<S>): Checked<z.output<S>> {
  const parsed = schema.safeParse(fields)
  return parsed.success ? ok(parsed.data) : refuse(firstIssue(parsed.error))
}

function sitePath(input: string): Checked<string> {
  const result = normaliseSitePath(input, NO_ORIGIN)
  return result.ok ? ok(result.path) : refuse(result.error)
}

type PageFields = 'title' | 'slug' | 'content' | 'featuredImage' | 'metaTitle' | 'metaDescription'
type PageRecord = Pick<ModelRecords['posts'] & ModelRecords['footerPages'], PageFields>

/**
 * A post or a footer page: the fields they share and `more` of their own pass the API's schema for it, the slug
 * it requires is there, and the record keeps what the schema made of them (`rest` maps back the fields of its own).
 */
function checkPage<S extends z.ZodType<Pick<z.output<typeof FooterPageInputSchema>, PageFields>>, R extends PageRecord>(
  schema: S,
  record: R,
  more: Omit<z.input<S>, PageFields>,
  rest: (fields: z.output<S>) => Partial<R>,
): Checked<R> {
  const { title, slug, content, featuredImage, metaTitle, metaDescription } = record
  const fields = through(schema, {
    title,
    slug,
    content,
    featuredImage,
    metaTitle,
    metaDescription,
    ...more,
  } as z.input<S>)
  if (!fields.value) return refuse(fields.reason!)
  const f = fields.value
  if (!f.slug) return refuse('slug: Slug is required')
  return ok({
    ...record,
    title: f.title,
    slug: f.slug,
    content: f.content,
    featuredImage: f.featuredImage,
    metaTitle: f.metaTitle || null,
    metaDescription: f.metaDescription || null,
    ...rest(f),
  })
}

type Checks = { [K in DataKind]: (record: ModelRecords[K]) => Checked<ModelRecords[K]> }

/**
 * The one validation path of imports and restores: every record is cleaned as a request body is at the edge
 * (cleanInput: NUL and other controls, lone surrogates, NFC), then its fields pass the schema the API checks them
 * with. What fails is refused, with the reason the API would give; nothing is stored half-checked.
 */
const checks: Checks = {
  users: ok,
  categories: (c) => {
    const fields = through(CategoryInputSchema, {
      name: c.name,
      slug: c.slug,
      description: c.description,
      color: c.color,
    })
    return fields.value ? ok({ ...c, ...fields.value, description: fields.value.description ?? null }) : fields
  },
  images: (i) => {
    // The type an upload of this file would be stored with: it is what an image that cannot be decoded is served as.
    const ext = i.fileName.split('.').pop()
    if (i.mime !== `image/${ext === 'jpg' ? 'jpeg' : ext}`) return refuse(`not the type its name says (${i.mime})`)
    const alt = through(AltTextUpdateSchema, { altText: i.altText })
    return alt.value ? ok({ ...i, altText: alt.value.altText }) : alt
  },
  authorProfiles: (a) => {
    const fields = through(AuthorProfileSchema, {
      displayName: a.displayName ?? '',
      bio: a.bio ?? '',
      avatar: a.avatar ?? '',
    })
    if (!fields.value) return fields
    const f = fields.value
    return ok({ ...a, displayName: blankToNull(f.displayName), bio: blankToNull(f.bio), avatar: blankToNull(f.avatar) })
  },
  posts: (p) =>
    checkPage(
      PostInputSchema,
      p,
      { excerpt: p.excerpt, authorName: p.authorName, status: p.status, tags: p.tags, featured: p.featured },
      (f) => ({ excerpt: f.excerpt ?? '', authorName: f.authorName ?? null, tags: f.tags ?? [] }),
    ),
  comments: (c) => {
    const fields = through(CommentInputSchema, { content: c.content, authorName: c.authorName })
    if (!fields.value) return fields
    // A platform's comment keeps its words even when the address it was left with is not one the form would take.
    const email = c.authorEmail ? CommentInputSchema.shape.authorEmail.safeParse(c.authorEmail) : null
    // A fediverse reply stays one only with an http(s) note id (as the inbox takes it); its author link likewise.
    const remote = c.source === 'fediverse' && c.remoteId && isHttpUrl(c.remoteId)
    return ok({
      ...c,
      content: fields.value.content,
      authorName: fields.value.authorName || 'Anonymous',
      authorEmail: email?.success ? email.data || null : null,
      source: remote ? 'fediverse' : null,
      authorUrl: remote && c.authorUrl && isHttpUrl(c.authorUrl) ? c.authorUrl : null,
      remoteId: remote ? c.remoteId : null,
    })
  },
  likes: ok,
  views: ok,
  analytics: (a) => {
    if (a.legacyDimension !== undefined && !AnalyticsDimensionSchema.safeParse(a.legacyDimension).success)
      return refuse('dimension: not one the analytics record')
    const long = [a.source, a.referrer, a.utmSource, a.utmMedium, a.utmCampaign, a.device, a.browser].some(
      (v) => v.length > ANALYTICS_VALUE_MAX,
    )
    return long ? refuse(`value: longer than ${ANALYTICS_VALUE_MAX} characters`) : ok(a)
  },
  footerPages: (p) => checkPage(FooterPageInputSchema, p, { isActive: p.active, sortOrder: p.sortOrder }, () => ({})),
  settings: (s) => {
    if (MARKER_KEY.test(s.key)) return s.value.length <= 200 ? ok(s) : refuse('an internal marker this long')
    // The API's schema names the settings there are: a key it does not know is refused.
    const parsed = SettingsUpdateSchema.safeParse({ settings: [{ key: s.key, value: s.value }] })
    return parsed.success ? ok({ ...s, value: parsed.data.settings[0]!.value }) : refuse(firstIssue(parsed.error))
  },
  redirects: (r) => {
    const fields = through(RedirectInputSchema, { fromPath: r.fromPath, toPath: r.toPath })
    if (!fields.value) return fields
    // The rule the admin's form stores: normalised ends, no source of the site's own, no rule back to itself.
    // Its messages already name the end they are about.
    const rule = redirectRuleSchema(NO_ORIGIN).safeParse(fields.value)
    if (!rule.success) return refuse(rule.error.issues[0]!.message)
    const source = (REDIRECT_SOURCES as readonly string[]).includes(r.source) ? r.source : 'import'
    return ok({ ...r, fromPath: rule.data.fromPath, toPath: rule.data.toPath, source })
  },
  revisions: ok,
  autosaves: ok,
  previews: ok,
  notFound: (n) => {
    const path = sitePath(n.path)
    return path.value ? ok({ ...n, path: path.value }) : refuse(path.reason!)
  },
  unsubscribeKey: (k) => (SECRET_VALUE.test(k.value) ? ok(k) : refuse('not a key this blog makes')),
  // The address is checked as the subscribe form checks it; reasons never quote it (the report names subscribers by id).
  subscribers: (s) => {
    const email = SubscriberEmailSchema.safeParse(s.email)
    if (!email.success) return refuse(`email: ${email.error.issues[0]?.message ?? 'invalid'}`)
    const status = SubscriberStatusSchema.safeParse(s.status)
    if (!status.success) return refuse('status: not one a subscriber can have')
    return ok({ ...s, email: email.data, status: status.data })
  },
  newsletterSends: ok,
  newsletterDeliveries: (d) =>
    (DELIVERY_STATUSES as readonly string[]).includes(d.status) ? ok(d) : refuse('status: not one a delivery can have'),
  fediverseSettings: (f) => {
    const settings = through(FediverseSettingsSchema, { enabled: f.enabled, handle: f.handle })
    return settings.value ? ok({ ...f, ...settings.value }) : settings
  },
  fediverseBlocks: (b) => (isHttpUrl(b.actorId) ? ok(b) : refuse('actorId: not an http(s) address')),
  fediverseFollowers: (f) =>
    [f.actorId, f.inbox, f.sharedInbox, f.url, f.followId].every(isHttpUrl)
      ? ok(f)
      : refuse('a follower address that is not http(s)'),
  fediverseArticles: (a) =>
    isHttpUrl(a.objectId) && ['created', 'deleted'].includes(a.state) ? ok(a) : refuse('not an article this blog sent'),
  fediverseReactions: (r) =>
    isHttpUrl(r.actorId) && isHttpUrl(r.activityId) && ['like', 'boost'].includes(r.kind)
      ? ok(r)
      : refuse('not a like or boost'),
  fediverseKeys: (k) => (isKeyList(k.keys) ? ok(k) : refuse('not the key pairs this blog makes')),
  sessions: (s) => (s.id ? ok(s) : refuse('a session without an id')),
  twoFactor: ok,
  recoveryCodes: ok,
}

/** A record as an import may write it, or why it may not. */
export function checkRecord<K extends DataKind>(kind: K, record: ModelRecords[K]): Checked<ModelRecords[K]> {
  return checks[kind](cleanInput(record) as ModelRecords[K])
}

/** How the report names a record of each kind. */
const NAMES: { [K in DataKind]: (r: ModelRecords[K]) => string } = {
  users: (r) => r.username,
  categories: (r) => r.slug,
  images: (r) => r.fileName,
  authorProfiles: (r) => r.userId,
  posts: (r) => r.slug,
  comments: (r) => r.id,
  likes: (r) => r.id,
  views: (r) => `${r.postId} ${r.day}`,
  analytics: (r) => `${r.postId} ${r.day} ${r.legacyDimension ?? r.span}`,
  footerPages: (r) => r.slug,
  settings: (r) => r.key,
  redirects: (r) => r.fromPath,
  revisions: (r) => r.id,
  autosaves: (r) => r.postKey,
  previews: (r) => r.postId,
  notFound: (r) => r.path,
  unsubscribeKey: () => 'unsubscribe key',
  // Never the address: a subscriber is named by id.
  subscribers: (r) => r.id,
  newsletterSends: (r) => r.postId,
  newsletterDeliveries: (r) => `${r.postId} ${r.subscriberId}`,
  sessions: (r) => r.publicId ?? 'session',
  twoFactor: (r) => r.userId,
  recoveryCodes: (r) => r.userId,
  fediverseSettings: (r) => r.handle,
  fediverseBlocks: (r) => r.actorId,
  fediverseFollowers: (r) => r.actorId,
  fediverseArticles: (r) => r.postId,
  fediverseReactions: (r) => `${r.postId} ${r.kind} ${r.actorId}`,
  fediverseKeys: () => 'fediverse keys',
}

export const recordName = <K extends DataKind>(kind: K, record: ModelRecords[K]): string => NAMES[kind](record)

/** A record checked, with its name: what a worker that reads an import hands on. */
export function checkNamed<K extends DataKind>(kind: K, record: ModelRecords[K]): CheckedRecord<ModelRecords[K]> {
  return { ...checkRecord(kind, record), name: recordName(kind, record).slice(0, 300) }
}
