import { isSafeUrl } from '#shared/schemas/common.ts'
import { firstImageUrl } from '#shared/text/excerpt.ts'
import { containsMarkup, sniffImage } from '../uploads/uploads.service.ts'
import type { DataKind } from './backup-format.ts'
import { batches, yieldingOnly } from './batches.ts'
import { createMediaStore, type MediaStore } from './media.ts'
import { addRedirects, importPosts, mergeCategory, mergeFooterPage, ticker, type ImportRun } from './merge.ts'
import { PLATFORM_AUTHOR, type ModelRecords, type TransferModel } from './model.ts'
import * as repo from './transfer.repo.ts'
import { importAuthorId, mapUser } from './users.ts'
import { checkRecord, recordName, type CheckedRecord } from './validate.ts'
import { restoreFediverse } from './write-fediverse.ts'
import { restoreEditorHistory, restoreSecrets } from './write-history.ts'
import { restoreAuthorProfiles, restoreNewsletter, restoreSubscribers } from './write-people.ts'

/**
 * A batch is one short transaction when an import commits as it goes (batches.ts): readers wait for at most one.
 * Posts (search text, tags, counters) and redirects (a rule is checked against the others) cost a few ms each on
 * SQLite; rows of the other kinds go in one statement per batch.
 */
const POST_BATCH = 50
const REDIRECT_BATCH = 100
const ROW_BATCH = 1000
const IMAGE_BATCH_BYTES = 4 * 1024 * 1024
const IMAGE_REF = /(!\[[^\]]*\]\()(\s*<?)([^)\s>]+)(>?(?:\s+"[^"]*")?\s*\))/g

/**
 * The records of a kind as they may be written: each prepared (a platform's pictures made local), then cleaned and
 * checked by the API's schemas; a refused one is listed in the report with the reason.
 */
export async function* checked<K extends DataKind>(
  run: ImportRun,
  model: TransferModel,
  kind: K,
  prepare?: (record: ModelRecords[K]) => Promise<ModelRecords[K]>,
): AsyncGenerator<ModelRecords[K]> {
  const check = (record: ModelRecords[K]) => (model.checkedRecords ? { value: record } : checkRecord(kind, record))
  const items: AsyncIterable<CheckedRecord<ModelRecords[K]>> = model.checkedRecords
    ? model.checkedRecords(kind)
    : withNames(kind, model.records(kind))
  for await (const item of items) {
    // Checked where it was read (a worker): checked (again) after preparing it, which changes it.
    const result = !item.value ? item : prepare ? checkRecord(kind, await prepare(item.value)) : check(item.value)
    if (result.value) yield result.value
    else run.report.skip(kind, item.name.slice(0, 300), result.reason!)
  }
}

async function* withNames<K extends DataKind>(
  kind: K,
  records: AsyncIterable<ModelRecords[K]>,
): AsyncGenerator<CheckedRecord<ModelRecords[K]>> {
  for await (const record of records) yield { value: record, name: recordName(kind, record) }
}

/**
 * Pictures the content shows, stored as uploads and their references rewritten; the rest listed as missing and
 * left out (they would show broken, linked to the old site), unless the import was asked to keep their links.
 */
async function withLocalImages(media: MediaStore, content: string, baseDir?: string): Promise<string> {
  const refs = [...new Set([...content.matchAll(IMAGE_REF)].map((m) => m[3]!))]
  const replaced = new Map<string, string>()
  for (const ref of refs) {
    if (ref.startsWith('/uploads/') || ref.startsWith('data:')) continue
    const url = await media.resolve(ref, baseDir)
    if (url || !media.keepMissing) replaced.set(ref, url ?? '')
  }
  if (!replaced.size) return content
  return content.replace(IMAGE_REF, (whole, open: string, lt: string, ref: string, close: string) =>
    !replaced.has(ref) ? whole : replaced.get(ref) ? `${open}${lt}${replaced.get(ref)}${close}` : '',
  )
}

async function localImage(media: MediaStore, ref: string | null, baseDir?: string): Promise<string | null> {
  if (!ref) return null
  return (await media.resolve(ref, baseDir)) ?? (media.keepMissing && isSafeUrl(ref) ? ref : null)
}

/** A post or page from another platform with its pictures made uploads; a post without a cover takes its first picture. */
async function localised<T extends ModelRecords['posts'] | ModelRecords['footerPages']>(
  media: MediaStore,
  item: T,
  coverFromContent: boolean,
): Promise<T> {
  const content = await withLocalImages(media, item.content, item.baseDir)
  let featuredImage = await localImage(media, item.featuredImage, item.baseDir)
  if (!featuredImage && coverFromContent) {
    const first = firstImageUrl(content)
    featuredImage = first && isSafeUrl(first) ? first : null
  }
  return { ...item, content, featuredImage }
}

/**
 * Writes a model, whatever source it was read from, in the caller's transaction: users are matched, categories
 * and pages merged by slug, posts whose slug or id is taken are left alone, and what belongs to a post (comments,
 * likes, views, history, old addresses) is written only with it. Every record passes checkRecord first.
 */
export async function writeModel(run: ImportRun, model: TransferModel): Promise<void> {
  for (const warning of model.warnings) run.report.warn(warning)
  const media = model.origin === 'platform' ? createMediaStore(run, model.media) : null

  const users = new Map<string, string>()
  for await (const user of checked(run, model, 'users')) users.set(user.id, await mapUser(run, user))

  const categories = new Map<string, string>()
  for await (const c of checked(run, model, 'categories'))
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

  await writeImages(run, model, media)
  await restoreAuthorProfiles(run, (kind) => checked(run, model, kind), users)
  const imported = await writePosts(run, model, users, categories, media)
  await writeEngagement(run, model, imported)

  const pages = new Set<string>()
  const preparePage = media ? (p: ModelRecords['footerPages']) => localised(media, p, false) : undefined
  for await (const page of checked(run, model, 'footerPages', preparePage)) {
    const written = await mergeFooterPage(
      run,
      {
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
      },
      { keepPlacement: model.origin === 'platform' },
    )
    if (written) pages.add(page.id)
  }

  for await (const setting of checked(run, model, 'settings')) {
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

  for await (const batch of batches(run.writer, checked(run, model, 'redirects'), REDIRECT_BATCH)) {
    const mine = batch.filter((r) => (!r.forPost || imported.has(r.forPost)) && (!r.forPage || pages.has(r.forPage)))
    await addRedirects(run, mine)
  }

  const records = <K extends DataKind>(kind: K) => checked(run, model, kind)
  await restoreEditorHistory(run, records, imported)
  const subscribers = await restoreSubscribers(run, records)
  await restoreNewsletter(run, records, imported, subscribers)
  await restoreFediverse(run, records, imported)
  await restoreSecrets(run, records, users)
}

/** A backup's uploaded originals, a few at a time (one round trip per few megabytes); a platform's listed attachments. */
async function writeImages(run: ImportRun, model: TransferModel, media: MediaStore | null): Promise<void> {
  if (media) {
    const tick = ticker(run, 'images', model.attachments.length, 20)
    for (const attachment of model.attachments) {
      await media.importListed(attachment)
      tick()
    }
  }
  const tickImages = ticker(run, 'images', model.count('images'), 50)
  let pending: repo.OriginalImage[] = []
  let pendingBytes = 0
  const flush = async () => {
    run.report.created('images', await repo.insertOriginalImages(run.db, pending))
    pending = []
    pendingBytes = 0
  }
  for await (const batch of batches(yieldingOnly, checked(run, model, 'images'), 100)) {
    const present = await repo.existingImageNames(
      run.db,
      batch.map((i) => i.fileName),
    )
    for (const image of batch) {
      tickImages()
      if (present.has(image.fileName)) continue
      const bytes = await model.imageBytes(image.fileName)
      if (!bytes) {
        run.report.skip('images', image.fileName, 'missing from the backup')
        continue
      }
      if (sniffImage(bytes) !== image.fileName.split('.').pop() || containsMarkup(bytes)) {
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
      if (pendingBytes >= IMAGE_BATCH_BYTES || pending.length >= 50) await flush()
    }
  }
  await flush()
}

/** The ids of the posts written. */
async function writePosts(
  run: ImportRun,
  model: TransferModel,
  users: Map<string, string>,
  categories: Map<string, string>,
  media: MediaStore | null,
): Promise<Set<string>> {
  const imported = run.postsWritten
  const seen = { slugs: new Set<string>(), ids: new Set<string>() }
  const tick = ticker(run, 'posts', model.count('posts'), model.origin === 'platform' ? 100 : 200)
  const prepare = media ? (p: ModelRecords['posts']) => localised(media, p, true) : undefined
  let fallbackAuthor: string | undefined
  for await (const batch of batches(run.writer, checked(run, model, 'posts', prepare), POST_BATCH)) {
    const rows = []
    for (const p of batch) {
      const authorId =
        (p.authorId !== PLATFORM_AUTHOR && users.get(p.authorId)) || (fallbackAuthor ??= await importAuthorId(run))
      const categoryId = p.categoryId ? (categories.get(p.categoryId) ?? null) : null
      if (p.categoryId && !categoryId)
        run.report.warn(`Post "${p.slug}" names a category that is not in the import; it was imported without one`)
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
    tick(batch.length)
  }
  return imported
}

/** Comments, likes and daily views of the posts this import wrote; those of skipped posts are skipped with them. */
async function writeEngagement(run: ImportRun, model: TransferModel, imported: Set<string>): Promise<void> {
  const tickComments = ticker(run, 'comments', model.count('comments'), 1000)
  for await (const batch of batches(run.writer, checked(run, model, 'comments'), ROW_BATCH)) {
    const mine = batch.filter((c) => imported.has(c.postId))
    const taken = await repo.findExistingIds(
      run.db,
      'comments',
      mine.map((c) => c.id),
    )
    // A remote note is one comment: a reply this blog (or this backup) has already is not written twice.
    const takenNotes = await repo.findExistingRemoteIds(run.db, [
      ...new Set(mine.flatMap((c) => (c.remoteId ? [c.remoteId] : []))),
    ])
    const fresh = mine.filter((c) => {
      if (taken.has(c.id)) return false
      if (!c.remoteId) return true
      if (takenNotes.has(c.remoteId)) {
        run.report.skip('comments', c.id, 'this fediverse reply is here already')
        return false
      }
      takenNotes.add(c.remoteId)
      return true
    })
    const rows = fresh.map((c) => ({
      id: c.id,
      post_id: c.postId,
      author_name: c.authorName,
      author_email: c.authorEmail,
      content: c.content,
      is_approved: c.approved ? 1 : 0,
      ip: c.ip,
      created_at: c.createdAt,
      updated_at: c.updatedAt,
      source: c.source ?? null,
      author_url: c.authorUrl ?? null,
      remote_id: c.remoteId ?? null,
    }))
    await repo.insertComments(run.db, rows)
    run.report.created('comments', rows.length)
    tickComments(batch.length)
  }
  for await (const batch of batches(run.writer, checked(run, model, 'likes'), ROW_BATCH)) {
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
  for await (const batch of batches(run.writer, checked(run, model, 'views'), ROW_BATCH)) {
    const rows = batch
      .filter((v) => imported.has(v.postId))
      .map((v) => ({ post_id: v.postId, day: v.day, views: v.views }))
    await repo.insertDailyViews(run.db, rows)
    run.report.created('views', rows.length)
  }
  const analyticsDays = new Set<string>()
  for await (const batch of batches(run.writer, checked(run, model, 'analytics'), ROW_BATCH)) {
    const rows = batch
      .filter((a) => imported.has(a.postId) && (a.views > 0 || a.visitors > 0))
      .map((a) => ({
        span: a.span,
        day: a.day,
        post_id: a.postId,
        source: a.source,
        referrer: a.referrer,
        utm_source: a.utmSource,
        utm_medium: a.utmMedium,
        utm_campaign: a.utmCampaign,
        device: a.device,
        browser: a.browser,
        views: a.views,
        visitors: a.visitors,
      }))
    await repo.insertAnalyticsFacts(run.db, rows)
    for (const row of rows) analyticsDays.add(row.day)
    run.report.created('analytics', rows.length)
  }
  await repo.recountSiteAnalytics(run.db, [...analyticsDays])
  await repo.recountEngagement(run.db, [...imported])
}
