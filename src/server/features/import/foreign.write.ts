import { isSafeUrl } from '#shared/schemas/common.ts'
import { paths } from '#shared/paths.ts'
import { firstImageUrl, makeExcerpt } from '#shared/text/excerpt.ts'
import { readingTime } from '#shared/text/reading-time.ts'
import { uniqueTags } from '#shared/text/tags.ts'
import type { NewPostRow } from '../../db/schema.ts'
import type { Source } from './archive/source.ts'
import type { ForeignPage, ForeignPost, ForeignSite } from './foreign.ts'
import {
  addRedirects,
  importPosts,
  mergeCategory,
  mergeFooterPage,
  ticker,
  type ImportRun,
  type RedirectToAdd,
} from './import.merge.ts'
import * as repo from './import.repo.ts'
import { importAuthorId } from './import.users.ts'
import { createMediaStore, type MediaStore } from './media.ts'
import { oldSitePath } from './old-paths.ts'

const BATCH = 500
const MAX_TAGS = 30
const IMAGE_REF = /(!\[[^\]]*\]\()(\s*<?)([^)\s>]+)(>?(?:\s+"[^"]*")?\s*\))/g
const DEFAULT_COLOR = '#3b82f6'

/** Pictures the content shows, stored as uploads and their references rewritten; the rest listed as missing. */
async function withLocalImages(media: MediaStore, content: string, baseDir?: string): Promise<string> {
  const refs = [...new Set([...content.matchAll(IMAGE_REF)].map((m) => m[3]!))]
  const replaced = new Map<string, string>()
  for (const ref of refs) {
    if (ref.startsWith('/uploads/') || ref.startsWith('data:')) continue
    const url = await media.resolve(ref, baseDir)
    if (url) replaced.set(ref, url)
  }
  if (!replaced.size) return content
  return content.replace(IMAGE_REF, (whole, open: string, lt: string, ref: string, close: string) =>
    replaced.has(ref) ? `${open}${lt}${replaced.get(ref)}${close}` : whole,
  )
}

async function localImage(media: MediaStore, ref: string | null, baseDir?: string): Promise<string | null> {
  if (!ref) return null
  const url = await media.resolve(ref, baseDir)
  if (url) return url
  return isSafeUrl(ref) ? ref : null
}

/** Writes what a Ghost, WordPress or Markdown export holds, in the caller's transaction. */
export async function writeForeignSite(run: ImportRun, site: ForeignSite, mediaSource: Source | null): Promise<void> {
  for (const warning of site.warnings) run.report.warn(warning)
  const media = createMediaStore(run, mediaSource)
  const authorId = await importAuthorId(run)

  const categoryIds = new Map<string, string>()
  for (const post of site.posts) {
    const c = post.category
    if (c && !categoryIds.has(c.slug))
      categoryIds.set(
        c.slug,
        await mergeCategory(run, {
          name: c.name,
          slug: c.slug,
          description: c.description,
          color: DEFAULT_COLOR,
          created_at: run.now.toISOString(),
        }),
      )
  }

  const tickImages = ticker(run, 'images', site.attachments.length, 20)
  for (const attachment of site.attachments) {
    await media.importListed(attachment)
    tickImages()
  }

  const seen = { slugs: new Set<string>(), ids: new Set<string>() }
  const tick = ticker(run, 'posts', site.posts.length, 100)
  for (let i = 0; i < site.posts.length; i += BATCH) {
    const batch = site.posts.slice(i, i + BATCH)
    const rows: Array<NewPostRow & { source: ForeignPost }> = []
    for (const post of batch) rows.push({ ...(await postRow(run, media, post, authorId, categoryIds)), source: post })
    const written = new Set(
      (
        await importPosts(
          run,
          rows.map(({ source: _source, ...row }) => row),
          seen,
        )
      ).map((r) => r.id),
    )
    const mine = rows.filter((r) => written.has(r.id))
    await writeComments(run, mine)
    await addRedirects(
      run,
      mine.flatMap((r) => redirectsOf(r.source.oldPaths, paths.post(r.slug))),
    )
    tick(batch.length)
  }

  for (const page of site.pages) await writePage(run, media, page)
}

async function postRow(
  run: ImportRun,
  media: MediaStore,
  post: ForeignPost,
  authorId: string,
  categories: Map<string, string>,
): Promise<NewPostRow> {
  const content = await withLocalImages(media, post.content, post.baseDir)
  const featured = (await localImage(media, post.featuredImage, post.baseDir)) ?? safeFirstImage(content)
  const published = post.status === 'published'
  const publishedAt = published ? (post.publishedAt ?? post.createdAt) : null
  let tags = uniqueTags(post.tags.map((t) => t.slice(0, 50)))
  if (tags.length > MAX_TAGS) {
    run.report.warn(`Post "${post.slug}" has ${tags.length} tags; the first ${MAX_TAGS} were kept`)
    tags = tags.slice(0, MAX_TAGS)
  }
  return {
    id: crypto.randomUUID(),
    title: post.title.slice(0, 200) || 'Untitled',
    slug: post.slug,
    content,
    excerpt: post.excerpt?.trim() || makeExcerpt(content),
    featured_image: featured,
    category_id: post.category ? (categories.get(post.category.slug) ?? null) : null,
    author_id: authorId,
    author_name: post.authorName?.slice(0, 80) || null,
    status: post.status,
    tags: JSON.stringify(tags),
    meta_title: post.metaTitle?.slice(0, 200) || null,
    meta_description: post.metaDescription?.slice(0, 500) || null,
    reading_time: readingTime(content),
    views: 0,
    published_at: publishedAt,
    featured: published && post.featured ? 1 : 0,
    featured_at: published && post.featured ? publishedAt : null,
    created_at: post.createdAt,
    updated_at: post.updatedAt,
  }
}

function safeFirstImage(content: string): string | null {
  const url = firstImageUrl(content)
  return url && isSafeUrl(url) ? url : null
}

async function writeComments(run: ImportRun, posts: Array<NewPostRow & { source: ForeignPost }>): Promise<void> {
  const rows = posts.flatMap((post) =>
    post.source.comments.map((c) => ({
      id: crypto.randomUUID(),
      post_id: post.id,
      author_name: c.authorName.slice(0, 100) || 'Anonymous',
      author_email: c.authorEmail,
      content: c.content,
      is_approved: c.approved ? 1 : 0,
      ip: null,
      created_at: c.createdAt,
      updated_at: c.createdAt,
    })),
  )
  await repo.insertComments(run.db, rows)
  run.report.created('comments', rows.length)
  await repo.recountEngagement(
    run.db,
    posts.map((p) => p.id),
  )
}

function redirectsOf(oldPaths: string[], to: string): RedirectToAdd[] {
  return [...new Set(oldPaths.map(oldSitePath).filter((p): p is string => p !== null))].map((fromPath) => ({
    fromPath,
    toPath: to,
    source: 'import',
  }))
}

/** A page becomes a footer page, inactive until the admin turns it on (the footer would otherwise fill up). */
async function writePage(run: ImportRun, media: MediaStore, page: ForeignPage): Promise<void> {
  const content = await withLocalImages(media, page.content, page.baseDir)
  const created = await mergeFooterPage(
    run,
    {
      id: crypto.randomUUID(),
      title: page.title.slice(0, 200) || 'Untitled',
      slug: page.slug,
      content: content.trim() || page.title,
      featured_image: await localImage(media, page.featuredImage, page.baseDir),
      meta_title: page.metaTitle,
      meta_description: page.metaDescription,
      is_active: 0,
      sort_order: 100,
      created_at: page.createdAt,
      updated_at: page.updatedAt,
    },
    { keepPlacement: true },
  )
  if (created) await addRedirects(run, redirectsOf(page.oldPaths, paths.footerPage(page.slug)))
}
