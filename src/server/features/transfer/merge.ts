import type { ImportKind } from '#shared/schemas/backup.ts'
import type { Trx } from '../../db/client.ts'
import type { CategoryRow, FooterPageRow, NewPostRow } from '../../db/schema.ts'
import { isReservedPageSlug } from '../footer-pages/footer-pages.service.ts'
import { insertPostsWithState } from '../posts/posts.service.ts'
import { addRedirectRule } from '../redirects/redirects.service.ts'
import { STARTER_FOOTER_PAGES } from '../seed/seed.service.ts'
import type { ImportWriter } from './batches.ts'
import type { ModelRecords } from './model.ts'
import type { ReportBuilder } from './report.ts'
import * as repo from './transfer.repo.ts'

/** One import in progress: where it writes, its clock, its report and where progress goes. */
export type ImportRun = {
  /** The writer's current transaction (see batches.ts): read it at each use, it changes between batches. */
  readonly db: Trx
  writer: ImportWriter
  /** The posts this import wrote: taken back if it fails halfway (transfer.service.ts). */
  postsWritten: Set<string>
  now: Date
  report: ReportBuilder
  progress: (phase: string, done: number, total: number | null) => void
  /** Sessions, second factors, recovery codes and password hashes may be restored (see transfer.service). */
  withSecrets: boolean
  /** Pictures not found in the media keep their links to the old site (they show broken) instead of being left out. */
  keepMissingImages: boolean
}

/**
 * The id of the category an imported one becomes: an existing category with the same slug or name (merged,
 * never changed), or the imported one created. `preferId` keeps the original id when it is free.
 */
export async function mergeCategory(run: ImportRun, cat: Omit<CategoryRow, 'id'> & { id?: string }): Promise<string> {
  const existing = await repo.findCategoriesMatching(run.db, [cat.slug], [cat.name])
  const same = existing.find((c) => c.slug === cat.slug) ?? existing[0]
  if (same) {
    if (same.slug !== cat.slug || same.name !== cat.name)
      run.report.warn(`Category "${cat.name}" was merged into the existing category "${same.name}"`)
    return same.id
  }
  const id = cat.id && !(await repo.categoryIdExists(run.db, cat.id)) ? cat.id : crypto.randomUUID()
  await repo.insertCategory(run.db, { ...cat, id })
  run.report.created('categories')
  return id
}

/**
 * Inserts the posts whose slug (and id) are free, with everything derived from them; the others are reported as
 * conflicts and left alone. `seen` carries the slugs and ids this import already used. Returns the posts written.
 */
export async function importPosts(
  run: ImportRun,
  rows: NewPostRow[],
  seen: { slugs: Set<string>; ids: Set<string> },
): Promise<NewPostRow[]> {
  const taken = await repo.findTakenPosts(
    run.db,
    rows.map((r) => r.slug),
    rows.map((r) => r.id),
  )
  const accepted: NewPostRow[] = []
  for (const row of rows) {
    if (taken.slugs.has(row.slug) || seen.slugs.has(row.slug)) {
      run.report.skip('posts', row.slug, 'a post with this slug already exists', { conflict: true })
      continue
    }
    if (taken.ids.has(row.id) || seen.ids.has(row.id)) {
      run.report.skip('posts', row.slug, 'a post with this id already exists', { conflict: true })
      continue
    }
    seen.slugs.add(row.slug)
    seen.ids.add(row.id)
    accepted.push(row)
  }
  // Posts are rendered after the import (on demand, and by rederiveStalePosts): rendering is most of a post's cost.
  // The listings' counters are recounted with each batch, which may be the last one committed.
  if (accepted.length) await insertPostsWithState(run.db, accepted, { renderLater: true })
  run.report.created('posts', accepted.length)
  return accepted
}

function isUntouchedStarter(page: FooterPageRow): boolean {
  const starter = STARTER_FOOTER_PAGES.find((s) => s.slug === page.slug)
  return !!starter && starter.title === page.title && starter.content === page.content && !page.featured_image
}

const samePage = (a: FooterPageRow, b: FooterPageRow) =>
  a.title === b.title &&
  a.content === b.content &&
  a.featured_image === b.featured_image &&
  a.meta_title === b.meta_title &&
  a.meta_description === b.meta_description

/** A footer page by slug: new ones are added, a starter page nobody edited is replaced, an edited one is a conflict. True when written. */
export async function mergeFooterPage(
  run: ImportRun,
  page: FooterPageRow,
  opts: { keepPlacement?: boolean } = {},
): Promise<boolean> {
  if (isReservedPageSlug(page.slug)) {
    run.report.skip('footerPages', page.slug, 'this address belongs to the site itself')
    return false
  }
  const existing = await repo.findFooterPage(run.db, page.slug)
  const id =
    existing?.id === page.id || !(await repo.footerPageIdExists(run.db, page.id)) ? page.id : crypto.randomUUID()
  if (!existing) {
    await repo.insertFooterPage(run.db, { ...page, id })
  } else if (samePage(existing, page)) {
    return false
  } else if (isUntouchedStarter(existing)) {
    // A page from another platform takes the starter's place in the footer; a restored one keeps its own.
    const placement = opts.keepPlacement ? { is_active: existing.is_active, sort_order: existing.sort_order } : {}
    await repo.replaceFooterPage(run.db, existing.id, { ...page, id, ...placement })
    run.report.warn(`The starter page "${existing.title}" was replaced by the imported one`)
  } else {
    run.report.skip('footerPages', page.slug, 'a page with this slug already exists', { conflict: true })
    return false
  }
  run.report.created('footerPages')
  return true
}

/** Old addresses that answer 301: one already leading to the same place is kept, one leading elsewhere is a conflict. */
export async function addRedirects(run: ImportRun, items: Array<ModelRecords['redirects']>): Promise<void> {
  const existing = await repo.findRedirectTargets(run.db, [...new Set(items.map((r) => r.fromPath))])
  for (const item of items) {
    const target = existing.get(item.fromPath)
    if (item.fromPath === item.toPath) continue
    if (target !== undefined) {
      if (target !== item.toPath)
        run.report.skip('redirects', item.fromPath, `a redirect from this path already leads to ${target}`, {
          conflict: true,
        })
      continue
    }
    const id = await addRedirectRule(run.db, item)
    if (!id) {
      run.report.skip('redirects', item.fromPath, 'it would lead back to itself')
      continue
    }
    existing.set(item.fromPath, item.toPath)
    run.report.created('redirects')
  }
}

/** Progress every `every` items and at the end. */
export function ticker(run: ImportRun, phase: ImportKind | string, total: number | null, every = 200) {
  let done = 0
  return (n = 1) => {
    const before = done
    done += n
    if (Math.floor(before / every) !== Math.floor(done / every) || done === total) run.progress(phase, done, total)
  }
}
