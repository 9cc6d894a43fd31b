import sax from 'sax'
import { AppError } from '../../../errors.ts'
import type { Source } from '../archive/source.ts'
import { isoDate, usableSlug, type ForeignComment, type ForeignPost, type ForeignSite } from './foreign.ts'
import { autoParagraphs, htmlToMarkdown } from './html-to-markdown.ts'
import { checkExportSize, TooDeep } from './import-limits.ts'

type Item = {
  title: string
  link: string
  creator: string
  content: string
  excerpt: string
  id: string
  date: string
  dateGmt: string
  modifiedGmt: string
  name: string
  status: string
  type: string
  attachmentUrl: string
  categories: Array<{ domain: string; nicename: string; name: string }>
  meta: Map<string, string>
  comments: Array<Record<string, string>>
}

const newItem = (): Item => ({
  title: '',
  link: '',
  creator: '',
  content: '',
  excerpt: '',
  id: '',
  date: '',
  dateGmt: '',
  modifiedGmt: '',
  name: '',
  status: '',
  type: '',
  attachmentUrl: '',
  categories: [],
  meta: new Map(),
  comments: [],
})

const ITEM_FIELDS: Record<string, keyof Item> = {
  title: 'title',
  link: 'link',
  'dc:creator': 'creator',
  'content:encoded': 'content',
  'excerpt:encoded': 'excerpt',
  'wp:post_id': 'id',
  'wp:post_date': 'date',
  'wp:post_date_gmt': 'dateGmt',
  'wp:post_modified_gmt': 'modifiedGmt',
  'wp:post_name': 'name',
  'wp:status': 'status',
  'wp:post_type': 'type',
  'wp:attachment_url': 'attachmentUrl',
}

const notWellFormed = (message: string) =>
  new AppError(400, `The WordPress export is not well-formed XML (${message.split('\n')[0]}); nothing was imported`)

/**
 * Streams a WXR file through a strict XML parser that never expands entities: a document type that declares any
 * (external entities, "billion laughs") is refused outright, and undeclared entities are errors.
 */
async function parseItems(
  source: Source,
  entry: string,
): Promise<{ items: Item[]; categoryNames: Map<string, string>; authorNames: Map<string, string> }> {
  const parser = sax.parser(true, { trim: false, normalize: false })
  const items: Item[] = []
  const categoryNames = new Map<string, string>()
  const authorNames = new Map<string, string>()
  const stack: string[] = []
  let item: Item | null = null
  let comment: Record<string, string> | null = null
  let meta: { key: string; value: string } | null = null
  let category: { domain: string; nicename: string; name: string } | null = null
  let channelCategory: Record<string, string> | null = null
  let channelAuthor: Record<string, string> | null = null
  let buffer = ''
  let failure: Error | null = null

  parser.ondoctype = (doctype) => {
    if (/<!ENTITY/i.test(doctype) || /\bSYSTEM\b|\bPUBLIC\b/.test(doctype)) {
      failure = new AppError(
        400,
        'The XML file declares entities or an external document type, which this importer refuses (a WordPress export never needs them); nothing was imported',
      )
    }
  }
  parser.onerror = (error) => {
    failure ??= notWellFormed(error.message)
  }
  parser.onopentag = (tag) => {
    stack.push(tag.name)
    buffer = ''
    if (tag.name === 'item') item = newItem()
    else if (tag.name === 'wp:comment' && item) comment = {}
    else if (tag.name === 'wp:postmeta' && item) meta = { key: '', value: '' }
    else if (tag.name === 'category' && item)
      category = {
        domain: String(tag.attributes.domain ?? ''),
        nicename: String(tag.attributes.nicename ?? ''),
        name: '',
      }
    else if (tag.name === 'wp:category' && !item) channelCategory = {}
    else if (tag.name === 'wp:author' && !item) channelAuthor = {}
  }
  const text = (t: string) => {
    buffer += t
  }
  parser.ontext = text
  parser.oncdata = text
  parser.onclosetag = (name) => {
    stack.pop()
    const value = buffer
    buffer = ''
    if (comment && name.startsWith('wp:comment_')) comment[name.slice('wp:comment_'.length)] = value
    else if (name === 'wp:comment' && item && comment) {
      item.comments.push(comment)
      comment = null
    } else if (meta && name === 'wp:meta_key') meta.key = value
    else if (meta && name === 'wp:meta_value') meta.value = value
    else if (name === 'wp:postmeta' && item && meta) {
      item.meta.set(meta.key, meta.value)
      meta = null
    } else if (name === 'category' && item && category) {
      item.categories.push({ ...category, name: value.trim() })
      category = null
    } else if (channelAuthor && name.startsWith('wp:author_')) channelAuthor[name.slice('wp:author_'.length)] = value
    else if (name === 'wp:author' && channelAuthor) {
      const login = channelAuthor.login?.trim()
      if (login) authorNames.set(login, channelAuthor.display_name?.trim() || login)
      channelAuthor = null
    } else if (channelCategory && name.startsWith('wp:') && name !== 'wp:category')
      channelCategory[name.slice(3)] = value
    else if (name === 'wp:category' && channelCategory) {
      if (channelCategory.category_nicename)
        categoryNames.set(channelCategory.category_nicename, channelCategory.category_description ?? '')
      channelCategory = null
    } else if (name === 'item' && item) {
      items.push(item)
      item = null
    } else if (item && !comment && !meta && ITEM_FIELDS[name] && stack[stack.length - 1] === 'item') {
      ;(item[ITEM_FIELDS[name]] as string) = value
    }
  }

  const stream = await source.open(entry)
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      parser.write(chunk.toString('utf8'))
      if (failure) throw failure
    }
    parser.close()
  } catch (error) {
    stream.destroy()
    throw (
      failure ??
      (error instanceof AppError ? error : notWellFormed(error instanceof Error ? error.message : String(error)))
    )
  }
  if (failure) throw failure
  return { items, categoryNames, authorNames }
}

const datePath = (local: string, slug: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(local)
  return m ? `/${m[1]}/${m[2]}/${m[3]}/${slug}/` : null
}

const asMarkdown = (html: string) => htmlToMarkdown(autoParagraphs(html.replace(/\[\/?caption[^\]]*\]/g, '')))

/** A WordPress export (WXR): posts and pages, categories and tags, approved comments, attachments. */
export async function readWordPressExport(source: Source, entry: string): Promise<ForeignSite> {
  checkExportSize(source, entry, 'The WordPress export')
  const { items, categoryNames, authorNames } = await parseItems(source, entry)
  const site: ForeignSite = { posts: [], pages: [], attachments: [], warnings: [] }
  const attachments = new Map(
    items.filter((i) => i.type === 'attachment' && i.attachmentUrl).map((i) => [i.id, i.attachmentUrl]),
  )
  site.attachments = [...attachments.values()].filter((url) => /\.(jpe?g|png|gif|webp)(\?|$)/i.test(url))
  const now = new Date().toISOString()
  let skippedTypes = 0
  for (const item of items) {
    if (item.type !== 'post' && item.type !== 'page') {
      if (item.type !== 'attachment') skippedTypes++
      continue
    }
    if (item.status === 'trash' || item.status === 'auto-draft' || item.status === 'inherit') continue
    const title = item.title.trim() || 'Untitled'
    const slug = usableSlug(item.name, title)
    const createdAt = isoDate(item.dateGmt) ?? isoDate(item.date) ?? now
    const oldPaths = [item.type === 'page' ? `/?page_id=${item.id}` : `/?p=${item.id}`]
    if (item.link) oldPaths.push(item.link)
    let converted: { content: string; excerpt: string | null }
    try {
      converted = {
        content: asMarkdown(item.content),
        excerpt: item.excerpt.trim() ? htmlToMarkdown(item.excerpt) : null,
      }
    } catch (error) {
      if (!(error instanceof TooDeep)) throw error
      site.warnings.push(`WordPress ${item.type} "${slug}": ${error.message}`)
      continue
    }
    const datePathOf = item.type === 'post' && item.name ? datePath(item.date, item.name) : null
    if (datePathOf) oldPaths.push(datePathOf)
    const thumbnail = attachments.get(item.meta.get('_thumbnail_id') ?? '') ?? null
    const common = {
      ref: `${item.type} ${item.id}`,
      title,
      slug,
      content: converted.content,
      featuredImage: thumbnail,
      metaTitle: null,
      metaDescription: null,
      createdAt,
      updatedAt: isoDate(item.modifiedGmt) ?? createdAt,
      oldPaths,
    }
    if (item.type === 'page') {
      site.pages.push(common)
      continue
    }
    const cats = item.categories.filter((c) => c.domain === 'category' && c.nicename !== 'uncategorized')
    const tags = item.categories.filter((c) => c.domain === 'post_tag').map((c) => c.name)
    const [primary, ...moreCategories] = cats
    if (item.status !== 'publish' && item.status !== 'draft')
      site.warnings.push(`WordPress post "${slug}" was "${item.status}"; it comes in as a draft`)
    site.posts.push({
      ...common,
      excerpt: converted.excerpt,
      category: primary
        ? {
            name: primary.name,
            slug: usableSlug(primary.nicename, primary.name, 'category'),
            description: categoryNames.get(primary.nicename) || null,
          }
        : null,
      tags: [...moreCategories.map((c) => c.name), ...tags],
      status: item.status === 'publish' ? 'published' : 'draft',
      publishedAt: item.status === 'publish' ? createdAt : null,
      // The byline keeps who wrote it there: the author's display name, or the login when the export has none.
      authorName: authorNames.get(item.creator.trim()) ?? (item.creator.trim() || null),
      featured: item.meta.get('_sticky') === '1',
      comments: item.comments.filter(isApprovedComment).flatMap((c) => {
        try {
          return [toComment(c)]
        } catch (error) {
          if (!(error instanceof TooDeep)) throw error
          site.warnings.push(`A comment on WordPress post "${slug}": ${error.message}`)
          return []
        }
      }),
    } satisfies ForeignPost)
  }
  if (skippedTypes)
    site.warnings.push(`${skippedTypes} items of other types (menus, revisions, custom types) were left out`)
  return site
}

const isApprovedComment = (c: Record<string, string>) => c.approved === '1' && (!c.type || c.type === 'comment')

function toComment(c: Record<string, string>): ForeignComment {
  return {
    authorName: (c.author ?? '').trim() || 'Anonymous',
    authorEmail: c.author_email?.trim() || null,
    content: htmlToMarkdown(autoParagraphs(c.content ?? '')) || (c.content ?? ''),
    createdAt: isoDate(c.date_gmt) ?? isoDate(c.date) ?? new Date().toISOString(),
    approved: true,
  }
}
