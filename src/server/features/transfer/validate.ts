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
import { normaliseSitePath } from '#shared/text/site-path.ts'
import { cleanInput } from '../../http/clean-input.ts'
import type { DataKind } from './backup-format.ts'
import type { ModelRecords } from './model.ts'

export type Checked<T> = { value: T; reason?: undefined } | { reason: string; value?: undefined }

/** Full URLs are never redirect targets of an import: only paths of this site. */
const NO_ORIGIN = 'http://site.invalid'
/** Internal markers (the demo seed's) are kept; a running lock never leaves an instance. */
const MARKER_KEY = /^(?!lock:)[a-z]+:[a-z0-9-]{1,60}$/
/** A server secret as loadSecret makes one: at least 32 random bytes, base64url. */
const SECRET_VALUE = /^[A-Za-z0-9_-]{43,200}$/
/** The longest value the analytics API filters by. */
const ANALYTICS_VALUE_MAX = ANALYTICS_FILTER_MAX
const blankToNull = (v: string) => (v === '' ? null : v)

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
  posts: (p) => {
    const fields = through(PostInputSchema, {
      title: p.title,
      slug: p.slug,
      content: p.content,
      excerpt: p.excerpt,
      featuredImage: p.featuredImage,
      authorName: p.authorName,
      status: p.status,
      tags: p.tags,
      metaTitle: p.metaTitle,
      metaDescription: p.metaDescription,
      featured: p.featured,
    })
    if (!fields.value) return fields
    const f = fields.value
    if (!f.slug) return refuse('slug: Slug is required')
    return ok({
      ...p,
      title: f.title,
      slug: f.slug,
      content: f.content,
      excerpt: f.excerpt ?? '',
      featuredImage: f.featuredImage,
      authorName: f.authorName ?? null,
      tags: f.tags ?? [],
      metaTitle: f.metaTitle || null,
      metaDescription: f.metaDescription || null,
    })
  },
  comments: (c) => {
    const fields = through(CommentInputSchema, { content: c.content, authorName: c.authorName })
    if (!fields.value) return fields
    // A platform's comment keeps its words even when the address it was left with is not one the form would take.
    const email = c.authorEmail ? CommentInputSchema.shape.authorEmail.safeParse(c.authorEmail) : null
    return ok({
      ...c,
      content: fields.value.content,
      authorName: fields.value.authorName || 'Anonymous',
      authorEmail: email?.success ? email.data || null : null,
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
  footerPages: (p) => {
    const fields = through(FooterPageInputSchema, {
      title: p.title,
      slug: p.slug,
      content: p.content,
      metaTitle: p.metaTitle,
      metaDescription: p.metaDescription,
      featuredImage: p.featuredImage,
      isActive: p.active,
      sortOrder: p.sortOrder,
    })
    if (!fields.value) return fields
    const f = fields.value
    if (!f.slug) return refuse('slug: Slug is required')
    return ok({
      ...p,
      title: f.title,
      slug: f.slug,
      content: f.content,
      metaTitle: f.metaTitle || null,
      metaDescription: f.metaDescription || null,
      featuredImage: f.featuredImage,
    })
  },
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
  sessions: (s) => (s.id ? ok(s) : refuse('a session without an id')),
  twoFactor: ok,
  recoveryCodes: ok,
}

/** A record as an import may write it, or why it may not. */
export function checkRecord<K extends DataKind>(kind: K, record: ModelRecords[K]): Checked<ModelRecords[K]> {
  return checks[kind](cleanInput(record) as ModelRecords[K])
}
