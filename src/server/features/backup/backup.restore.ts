import type { z } from 'zod'
import { AppError } from '../../errors.ts'
import { readEntryBytes, readEntryText, type Source } from '../import/archive/source.ts'
import { readJsonLines } from '../import/jsonl.ts'
import {
  addRedirects,
  importPosts,
  mergeCategory,
  mergeFooterPage,
  ticker,
  type ImportRun,
} from '../import/import.merge.ts'
import * as repo from '../import/import.repo.ts'
import { mapUser } from '../import/import.users.ts'
import { sniffImage } from '../uploads/sniff.ts'
import { restoreEditorHistory, restoreSecrets, type RecordReader } from './backup.restore-history.ts'
import {
  DATA_KINDS,
  FORMAT_NAME,
  FORMAT_VERSION,
  MANIFEST_PATH,
  MEDIA_DIR,
  ManifestSchema,
  RecordSchemas,
  dataPath,
  type DataKind,
  type Manifest,
  type Records,
} from './backup.format.ts'

const POST_BATCH = 500
const ROW_BATCH = 1000
const MAX_IMAGE_BYTES = 64 * 1024 * 1024
const IMAGE_BATCH_BYTES = 4 * 1024 * 1024

export const isBackup = (source: Source) => source.has(MANIFEST_PATH)

export async function readManifest(source: Source): Promise<Manifest> {
  let raw: unknown
  try {
    raw = JSON.parse(await readEntryText(source, MANIFEST_PATH, 1024 * 1024))
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError(400, 'manifest.json is not valid JSON')
  }
  const head = raw as { format?: unknown; version?: unknown }
  if (head?.format !== FORMAT_NAME) throw new AppError(400, 'manifest.json does not describe a backup of this blog')
  if (typeof head.version === 'number' && head.version > FORMAT_VERSION) {
    throw new AppError(
      400,
      `This backup was made by a newer version of the blog (format ${head.version}); this one reads format ${FORMAT_VERSION} and older. Update the blog, then import it again.`,
    )
  }
  const parsed = ManifestSchema.safeParse(raw)
  if (!parsed.success)
    throw new AppError(
      400,
      `manifest.json: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`,
    )
  return parsed.data
}

async function* recordsOf<K extends DataKind>(source: Source, kind: K): AsyncGenerator<Records[K]> {
  const path = dataPath(kind)
  if (!source.has(path)) return
  yield* readJsonLines(await source.open(path), path, RecordSchemas[kind] as unknown as z.ZodType<Records[K]>)
}

async function* batches<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = []
  for await (const item of items) {
    batch.push(item)
    if (batch.length >= size) {
      yield batch
      batch = []
    }
  }
  if (batch.length) yield batch
}

/**
 * Restores a backup into this blog inside the caller's transaction. Ids are kept, so a restored blog answers
 * exactly as the original did; content that already exists here is merged by slug and never overwritten.
 */
export async function restoreBackup(run: ImportRun, source: Source): Promise<void> {
  const manifest = await readManifest(source)
  const count = (kind: DataKind) => manifest.counts[kind] ?? null
  for (const kind of DATA_KINDS)
    if ((manifest.counts[kind] ?? 0) > 0 && !source.has(dataPath(kind)))
      throw new AppError(400, `${dataPath(kind)} is missing from the backup`)

  const users = new Map<string, string>()
  for await (const user of recordsOf(source, 'users')) users.set(user.id, await mapUser(run, user))

  const categories = new Map<string, string>()
  for await (const c of recordsOf(source, 'categories')) {
    categories.set(
      c.id,
      await mergeCategory(run, {
        id: c.id,
        name: c.name,
        slug: c.slug,
        description: c.description,
        color: c.color,
        created_at: c.createdAt,
      }),
    )
  }

  const tickImages = ticker(run, 'images', count('images'), 50)
  // Written a few at a time (one round trip per few megabytes), never more than one batch's bytes held at once.
  let pending: repo.OriginalImage[] = []
  let pendingBytes = 0
  const writeImages = async () => {
    run.report.created('images', await repo.insertOriginalImages(run.db, pending))
    pending = []
    pendingBytes = 0
  }
  for await (const batch of batches(recordsOf(source, 'images'), 100)) {
    const present = await repo.existingImageNames(
      run.db,
      batch.map((i) => i.fileName),
    )
    for (const image of batch) {
      tickImages()
      if (present.has(image.fileName)) continue
      const path = `${MEDIA_DIR}${image.fileName}`
      if (!source.has(path)) {
        run.report.skip('images', image.fileName, 'missing from the backup')
        continue
      }
      const bytes = await readEntryBytes(source, path, MAX_IMAGE_BYTES)
      if (sniffImage(bytes) !== image.fileName.split('.').pop()) {
        run.report.skip('images', image.fileName, 'not a picture of the type its name says')
        continue
      }
      pending.push({
        file_name: image.fileName,
        mime: image.mime,
        bytes,
        width: image.width,
        height: image.height,
        created_at: image.createdAt,
        alt_text: image.altText,
        original_name: image.originalName,
      })
      pendingBytes += bytes.length
      if (pendingBytes >= IMAGE_BATCH_BYTES || pending.length >= 50) await writeImages()
    }
  }
  await writeImages()

  const imported = new Set<string>()
  const seen = { slugs: new Set<string>(), ids: new Set<string>() }
  const tickPosts = ticker(run, 'posts', count('posts'))
  let fallbackAuthor: string | undefined
  for await (const batch of batches(recordsOf(source, 'posts'), POST_BATCH)) {
    const rows = []
    for (const p of batch) {
      let authorId = users.get(p.authorId)
      if (!authorId)
        authorId = fallbackAuthor ??= await mapUser(run, {
          id: p.authorId,
          username: `author-${p.authorId.slice(0, 8)}`,
          email: `${p.authorId}@placeholder.invalid`,
          role: 'system',
          createdAt: p.createdAt,
        })
      const categoryId = p.categoryId ? (categories.get(p.categoryId) ?? null) : null
      if (p.categoryId && !categoryId)
        run.report.warn(`Post "${p.slug}" names a category that is not in the backup; it was imported without one`)
      rows.push({
        id: p.id,
        title: p.title,
        slug: p.slug,
        content: p.content,
        excerpt: p.excerpt,
        featured_image: p.featuredImage,
        category_id: categoryId,
        author_id: authorId,
        author_name: p.authorName,
        status: p.status,
        tags: JSON.stringify(p.tags),
        meta_title: p.metaTitle,
        meta_description: p.metaDescription,
        reading_time: p.readingTime,
        views: p.views,
        published_at: p.publishedAt,
        featured: p.featured ? 1 : 0,
        featured_at: p.featuredAt,
        created_at: p.createdAt,
        updated_at: p.updatedAt,
      })
    }
    for (const row of await importPosts(run, rows, seen)) imported.add(row.id)
    tickPosts(batch.length)
  }

  await restoreEngagement(run, source, imported, count)

  for await (const page of recordsOf(source, 'footerPages')) {
    await mergeFooterPage(run, {
      id: page.id,
      title: page.title,
      slug: page.slug,
      content: page.content,
      featured_image: page.featuredImage,
      meta_title: page.metaTitle,
      meta_description: page.metaDescription,
      is_active: page.active ? 1 : 0,
      sort_order: page.sortOrder,
      created_at: page.createdAt,
      updated_at: page.updatedAt,
    })
  }

  for await (const setting of recordsOf(source, 'settings')) {
    const existing = await repo.findSetting(run.db, setting.key)
    if (existing?.value === setting.value) continue
    // Internal markers (keys with a colon, like the demo-seed marker) stay as this instance has them.
    if (existing && setting.key.includes(':')) continue
    if (existing && existing.value !== '') {
      run.report.skip('settings', setting.key, 'this setting already has another value', { conflict: true })
      continue
    }
    await repo.writeSetting(run.db, {
      key: setting.key,
      value: setting.value,
      created_at: setting.createdAt,
      updated_at: setting.updatedAt,
    })
    run.report.created('settings')
  }

  for await (const batch of batches(recordsOf(source, 'redirects'), ROW_BATCH)) {
    await addRedirects(
      run,
      batch.map((r) => ({
        id: r.id,
        fromPath: r.fromPath,
        toPath: r.toPath,
        source: r.source,
        hits: r.hits,
        createdAt: r.createdAt,
      })),
    )
  }

  const records: RecordReader = (kind) => recordsOf(source, kind)
  await restoreEditorHistory(run, records, imported)
  await restoreSecrets(run, records, users)
}

/** Comments, likes and daily views of the posts this restore created; those of skipped posts are skipped with them. */
async function restoreEngagement(
  run: ImportRun,
  source: Source,
  imported: Set<string>,
  count: (kind: DataKind) => number | null,
): Promise<void> {
  const tickComments = ticker(run, 'comments', count('comments'), 1000)
  for await (const batch of batches(recordsOf(source, 'comments'), ROW_BATCH)) {
    const mine = batch.filter((c) => imported.has(c.postId))
    const taken = await repo.findExistingIds(
      run.db,
      'comments',
      mine.map((c) => c.id),
    )
    const rows = mine
      .filter((c) => !taken.has(c.id))
      .map((c) => ({
        id: c.id,
        post_id: c.postId,
        author_name: c.authorName,
        author_email: c.authorEmail,
        content: c.content,
        is_approved: c.approved ? 1 : 0,
        ip: c.ip,
        created_at: c.createdAt,
        updated_at: c.updatedAt,
      }))
    await repo.insertComments(run.db, rows)
    run.report.created('comments', rows.length)
    tickComments(batch.length)
  }
  for await (const batch of batches(recordsOf(source, 'likes'), ROW_BATCH)) {
    const mine = batch.filter((l) => imported.has(l.postId))
    const taken = await repo.findExistingIds(
      run.db,
      'likes',
      mine.map((l) => l.id),
    )
    const rows = mine
      .filter((l) => !taken.has(l.id))
      .map((l) => ({ id: l.id, post_id: l.postId, visitor_id: l.visitorId, created_at: l.createdAt }))
    await repo.insertLikes(run.db, rows)
    run.report.created('likes', rows.length)
  }
  for await (const batch of batches(recordsOf(source, 'views'), ROW_BATCH)) {
    const rows = batch
      .filter((v) => imported.has(v.postId))
      .map((v) => ({ post_id: v.postId, day: v.day, views: v.views }))
    await repo.insertDailyViews(run.db, rows)
    run.report.created('views', rows.length)
  }
  await repo.recountEngagement(run.db, [...imported])
}
