import { z } from 'zod'
import { AppError } from '../../../errors.ts'
import { readEntryText, type Source } from '../archive/source.ts'
import { isoDate, usableSlug, type ForeignPage, type ForeignPost, type ForeignSite } from './foreign.ts'
import { htmlToMarkdown } from './html-to-markdown.ts'
import { lexicalToMarkdown, mobiledocToMarkdown } from './ghost-cards.ts'
import { assertShallowJson, checkExportSize, IMPORT_LIMITS, jsonNestingDepth, TooDeep } from './import-limits.ts'

/**
 * The fields of Ghost's posts, tags and posts_tags tables up to Ghost 6, with those Ghost derives from a post when it
 * exports it (`auto_excerpt`, `reading_time`). A field beyond these is left out with a warning; a post whose only
 * content could be in such a field refuses the export, since importing it would lose that content.
 */
const KNOWN = {
  posts:
    'id uuid title slug mobiledoc lexical html comment_id plaintext feature_image feature_image_alt feature_image_caption featured type page status locale language visibility email_recipient_filter newsletter_id created_at created_by updated_at updated_by published_at published_by custom_excerpt codeinjection_head codeinjection_foot custom_template canonical_url author_id meta_title meta_description og_image og_title og_description twitter_image twitter_title twitter_description email_subject email_segment show_title_and_feature_image amp auto_excerpt reading_time excerpt url frontmatter email_only',
  tags: 'id name slug description feature_image parent_id visibility og_image og_title og_description twitter_image twitter_title twitter_description meta_title meta_description codeinjection_head codeinjection_foot canonical_url accent_color created_at created_by updated_at updated_by',
  posts_tags: 'id post_id tag_id sort_order',
}
const knownFields = Object.fromEntries(
  Object.entries(KNOWN).map(([table, fields]) => [table, new Set(fields.split(' '))]),
)

const text = z.string().nullable().optional()
const GhostPost = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  title: z.string().nullable().optional(),
  slug: z.string(),
  mobiledoc: text,
  lexical: text,
  html: text,
  feature_image: text,
  featured: z.union([z.boolean(), z.number()]).optional(),
  type: text,
  page: z.union([z.boolean(), z.number()]).optional(),
  status: z.string(),
  created_at: z.union([z.string(), z.number()]).nullable().optional(),
  updated_at: z.union([z.string(), z.number()]).nullable().optional(),
  published_at: z.union([z.string(), z.number()]).nullable().optional(),
  custom_excerpt: text,
  meta_title: text,
  meta_description: text,
})
const GhostTag = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
  slug: z.string(),
  description: text,
  visibility: text,
})
const GhostPostTag = z.object({
  post_id: z.union([z.string(), z.number()]).transform(String),
  tag_id: z.union([z.string(), z.number()]).transform(String),
  sort_order: z.number().optional(),
})
const GhostData = z.object({
  posts: z.array(z.unknown()).default([]),
  tags: z.array(z.unknown()).default([]),
  posts_tags: z.array(z.unknown()).default([]),
  posts_meta: z
    .array(
      z
        .object({
          post_id: z.union([z.string(), z.number()]).transform(String),
          meta_title: text,
          meta_description: text,
        })
        .passthrough(),
    )
    .default([]),
  users: z
    .array(
      z
        .object({ id: z.union([z.string(), z.number()]).transform(String), name: z.string().nullable().optional() })
        .passthrough(),
    )
    .default([]),
  posts_authors: z
    .array(
      z
        .object({
          post_id: z.union([z.string(), z.number()]).transform(String),
          author_id: z.union([z.string(), z.number()]).transform(String),
          sort_order: z.number().optional(),
        })
        .passthrough(),
    )
    .default([]),
})

/** Where a post's content lives in the fields this importer reads. */
const CONTENT_FIELDS = ['lexical', 'mobiledoc', 'html'] as const

function parseRows<T>(table: keyof typeof KNOWN, rows: unknown[], schema: z.ZodType<T>, warnings: string[]): T[] {
  const unknown = new Set<string>()
  const parsed = rows.map((row, i) => {
    const fields = row && typeof row === 'object' ? (row as Record<string, unknown>) : {}
    const extra = Object.keys(fields).filter((key) => !knownFields[table]!.has(key))
    for (const key of extra) unknown.add(key)
    const holdsContent = (key: string) => typeof fields[key] === 'string' && (fields[key] as string).trim() !== ''
    const withoutContent = table === 'posts' && !CONTENT_FIELDS.some(holdsContent)
    const carrier = withoutContent ? extra.find(holdsContent) : undefined
    if (carrier)
      throw new AppError(
        400,
        `The Ghost export has fields this importer does not know (${table}.${carrier}) and ${table}[${i}] has its content nowhere else; nothing was imported, so that content is not lost. It reads exports of Ghost 1 to 6.`,
      )
    const result = schema.safeParse(row)
    if (!result.success)
      throw new AppError(
        400,
        `Ghost export: ${table}[${i}].${result.error.issues[0]?.path.join('.')}: ${result.error.issues[0]?.message}`,
      )
    return result.data
  })
  if (unknown.size) {
    const list = [...unknown]
      .slice(0, 10)
      .map((k) => `${table}.${k}`)
      .join(', ')
    warnings.push(`The Ghost export has fields this importer does not know (${list}); they were left out`)
  }
  return parsed
}

/** Reads a Ghost JSON export (`db[0].data` or `data`): posts and pages with their tags, authors and metadata. */
export async function readGhostExport(source: Source, entry: string): Promise<ForeignSite> {
  checkExportSize(source, entry, 'The Ghost export')
  let json: unknown
  try {
    const text = await readEntryText(source, entry, IMPORT_LIMITS.exportBytes)
    if (jsonNestingDepth(text) > IMPORT_LIMITS.jsonDepth)
      throw new AppError(400, `The Ghost export nests more than ${IMPORT_LIMITS.jsonDepth} levels deep`)
    json = JSON.parse(text)
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError(400, 'The Ghost export is not valid JSON (is the file complete?)')
  }
  const root = json as { db?: Array<{ data?: unknown }>; data?: unknown }
  const dataResult = GhostData.safeParse(Array.isArray(root.db) ? root.db[0]?.data : root.data)
  if (!dataResult.success)
    throw new AppError(
      400,
      `Ghost export: data.${dataResult.error.issues[0]?.path.join('.')}: ${dataResult.error.issues[0]?.message}`,
    )
  const data = dataResult.data
  const warnings: string[] = []
  const posts = parseRows('posts', data.posts, GhostPost, warnings)
  const tags = new Map(parseRows('tags', data.tags, GhostTag, warnings).map((t) => [t.id, t]))
  const postTags = parseRows('posts_tags', data.posts_tags, GhostPostTag, warnings)
  const meta = new Map(data.posts_meta.map((m) => [m.post_id, m]))
  const userNames = new Map(data.users.map((u) => [u.id, u.name ?? null]))
  const authorOf = new Map<string, string>()
  for (const pa of [...data.posts_authors].sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0)))
    if (!authorOf.has(pa.post_id)) authorOf.set(pa.post_id, pa.author_id)

  const tagsOf = new Map<string, Array<{ name: string; slug: string; description: string | null }>>()
  for (const pt of [...postTags].sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0))) {
    const tag = tags.get(pt.tag_id)
    // Internal tags (#hash) organise Ghost's own themes; they are not topics.
    if (!tag || tag.visibility === 'internal' || tag.name.startsWith('#')) continue
    tagsOf.set(pt.post_id, [
      ...(tagsOf.get(pt.post_id) ?? []),
      { name: tag.name, slug: usableSlug(tag.slug, tag.name, 'tag'), description: tag.description ?? null },
    ])
  }

  const site: ForeignSite = { posts: [], pages: [], attachments: [], warnings }
  const now = new Date().toISOString()
  for (const post of posts) {
    const warn = (message: string) => site.warnings.push(`Ghost post "${post.slug}": ${message}`)
    let content: string
    try {
      content = contentOf(post, warn)
    } catch (error) {
      if (!(error instanceof TooDeep)) throw error
      warn(error.message)
      continue
    }
    const title = post.title?.trim() || 'Untitled'
    const slug = usableSlug(post.slug, title)
    const createdAt = isoDate(post.created_at) ?? isoDate(post.published_at) ?? now
    const updatedAt = isoDate(post.updated_at) ?? createdAt
    const m = meta.get(post.id)
    const isPage = post.type === 'page' || post.page === true || post.page === 1
    const common = {
      ref: post.id,
      title,
      slug,
      content,
      featuredImage: post.feature_image ?? null,
      metaTitle: m?.meta_title ?? post.meta_title ?? null,
      metaDescription: m?.meta_description ?? post.meta_description ?? null,
      createdAt,
      updatedAt,
      oldPaths: [`/${post.slug}/`],
    }
    if (isPage) {
      site.pages.push(common satisfies ForeignPage)
      continue
    }
    if (post.status === 'scheduled') warn('it was scheduled; it comes in as a draft')
    const [primary, ...others] = tagsOf.get(post.id) ?? []
    site.posts.push({
      ...common,
      excerpt: post.custom_excerpt ?? null,
      category: primary ?? null,
      tags: others.map((t) => t.name),
      status: post.status === 'published' ? 'published' : 'draft',
      publishedAt: isoDate(post.published_at),
      authorName: userNames.get(authorOf.get(post.id) ?? '') ?? null,
      featured: post.featured === true || post.featured === 1,
      comments: [],
    } satisfies ForeignPost)
  }
  return site
}

function contentOf(post: z.infer<typeof GhostPost>, warn: (m: string) => void): string {
  try {
    if (post.lexical) assertShallowJson(post.lexical)
    if (post.lexical) return lexicalToMarkdown(JSON.parse(post.lexical), warn)
    if (post.mobiledoc) assertShallowJson(post.mobiledoc)
    if (post.mobiledoc) return mobiledocToMarkdown(JSON.parse(post.mobiledoc), warn)
  } catch (error) {
    if (error instanceof AppError || error instanceof TooDeep) throw error
    throw new AppError(400, `Ghost post "${post.slug}": its content is not valid JSON`)
  }
  return htmlToMarkdown(post.html ?? '')
}
