import path from 'node:path/posix'
import { readEntryText, type Source } from '../archive/source.ts'
import { isoDate, usableSlug, type ForeignPost, type ForeignSite } from './foreign.ts'
import { isMarkdownPath } from './detect.ts'
import { parseFrontMatter } from './front-matter.ts'
import { checkMarkdownSizes, IMPORT_LIMITS } from './import-limits.ts'

const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null
const list = (v: unknown): string[] => {
  if (Array.isArray(v)) return v.flatMap((x) => (str(x) ? [str(x)!] : []))
  const s = str(v)
  return s
    ? s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : []
}
const bool = (v: unknown) => v === true || v === 'true' || v === 'yes'

/** Jekyll names posts "2020-01-31-my-post.md"; Hugo and Astro bundles keep them as "my-post/index.md". */
function nameOf(file: string): string {
  const base = path.basename(file).replace(/\.(md|markdown|mdx)$/i, '')
  if (base === 'index' || base === '_index') return path.basename(path.dirname(file))
  return base.replace(/^\d{4}-\d{2}-\d{2}-/, '')
}

function dateFromName(file: string): string | null {
  const m = /(?:^|\/)(\d{4}-\d{2}-\d{2})-[^/]+$/.exec(file)
  return m ? isoDate(`${m[1]}T00:00:00Z`) : null
}

function titleFrom(body: string): { title: string | null; body: string } {
  const m = /^#\s+(.+)\n+/.exec(body)
  return m ? { title: m[1]!.trim(), body: body.slice(m[0].length) } : { title: null, body }
}

/** A folder or zip of Markdown files with front matter (Hugo, Jekyll, Astro, Eleventy). */
export async function readMarkdownSite(source: Source): Promise<ForeignSite> {
  const site: ForeignSite = { posts: [], pages: [], attachments: [], warnings: [] }
  const now = new Date().toISOString()
  const files = source.kind === 'file' ? source.entries : source.entries.filter((e) => isMarkdownPath(e.path))
  checkMarkdownSizes(files)
  for (const file of files) {
    const text = await readEntryText(source, file.path, IMPORT_LIMITS.markdownFileBytes)
    const { data, body: rawBody } = parseFrontMatter(text, file.path)
    const fromBody = titleFrom(rawBody)
    const title = str(data.title) ?? fromBody.title ?? nameOf(file.path)
    const body = str(data.title) ? rawBody : fromBody.body
    const slug = usableSlug(str(data.slug) ?? nameOf(file.path), title)
    const date = isoDate(data.date) ?? isoDate(data.pubDate) ?? isoDate(data.publishDate) ?? dateFromName(file.path)
    const updated =
      isoDate(data.lastmod) ?? isoDate(data.updated) ?? isoDate(data.updatedDate) ?? isoDate(data.modified)
    const categories = [...list(data.categories), ...list(data.category)]
    const draft =
      bool(data.draft) ||
      data.published === false ||
      str(data.status) === 'draft' ||
      file.path.split('/').includes('_drafts')
    const cover =
      data.cover && typeof data.cover === 'object'
        ? str((data.cover as Record<string, unknown>).image)
        : str(data.cover)
    const [primary, ...moreCategories] = categories
    const oldPaths = [...list(data.aliases), ...list(data.redirect_from), ...list(data.url), ...list(data.permalink)]
    if (!date) site.warnings.push(`${file.path}: no date in its front matter or name; dated now`)
    site.posts.push({
      ref: file.path,
      title,
      slug,
      content: body.trim(),
      excerpt: str(data.description) ?? str(data.summary) ?? str(data.excerpt),
      featuredImage:
        str(data.image) ?? str(data.featured_image) ?? str(data.feature_image) ?? str(data.heroImage) ?? cover,
      category: primary ? { name: primary, slug: usableSlug(primary, primary, 'category'), description: null } : null,
      tags: [...moreCategories, ...list(data.tags), ...list(data.keywords)],
      status: draft ? 'draft' : 'published',
      publishedAt: draft ? null : (date ?? now),
      createdAt: date ?? now,
      updatedAt: updated ?? date ?? now,
      authorName: str(data.author),
      metaTitle: null,
      metaDescription: str(data.description),
      featured: bool(data.featured),
      comments: [],
      oldPaths: oldPaths.map((p) => (p.startsWith('/') || /^https?:/.test(p) ? p : `/${p}`)),
      baseDir: path.dirname(file.path) === '.' ? '' : path.dirname(file.path),
    } satisfies ForeignPost)
  }
  return site
}
