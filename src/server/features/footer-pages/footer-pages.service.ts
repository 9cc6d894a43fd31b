import type { FooterPage, FooterPageInput, PublicFooterPage } from '#shared/schemas/site.ts'
import { slugify } from '#shared/text/slugify.ts'
import type { Db } from '../../db/client.ts'
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors.ts'
import { syncImageUses } from '../media/media.service.ts'
import { renderPageHtml } from './footer-page-html.ts'
import { toFooterPage } from './footer-pages.mappers.ts'
import {
  findFooterPageRow,
  insertFooterPage,
  insertFooterPageIfMissing,
  listFooterPageRows,
  updateFooterPageRow,
  type FooterPageFields,
} from './footer-pages.repo.ts'

/** Footer pages live at /{slug}: a slug must not shadow one of the site's own top-level paths. */
const RESERVED_SLUGS = new Set([
  'admin',
  'api',
  'blog',
  'category',
  'uploads',
  'assets',
  'healthz',
  'search',
  'tag',
  'feed',
  'rss',
])
export const isReservedPageSlug = (slug: string) => RESERVED_SLUGS.has(slug)

/** The body after FooterPageInputSchema has parsed it (featuredImage is then string | null). */
type ParsedInput = Omit<FooterPageInput, 'featuredImage'> & { featuredImage?: string | null }

/** Admin list: sort order, then title. */
export async function listFooterPages(db: Db): Promise<FooterPage[]> {
  return (await listFooterPageRows(db)).map(toFooterPage)
}

export async function getFooterPage(db: Db, id: string): Promise<FooterPage> {
  return toFooterPage((await findFooterPageRow(db, { id })) ?? notFound('Page'))
}

/** Public: an active page by slug with its rendered text, or null (SSR calls it directly; the route answers 404). */
export async function getActiveFooterPageBySlug(db: Db, slug: string): Promise<PublicFooterPage | null> {
  const row = await findFooterPageRow(db, { slug })
  if (!row || row.is_active !== 1) return null
  return { ...toFooterPage(row), contentHtml: await renderPageHtml(db, row.content) }
}

async function assertSlugFree(db: Db, slug: string, exceptId: string | null): Promise<void> {
  if (!slug) badRequest('Slug is required (the title gives none)')
  if (isReservedPageSlug(slug)) badRequest(`The slug "${slug}" is reserved`)
  const clash = await findFooterPageRow(db, { slug })
  if (clash && clash.id !== exceptId) conflict(`A page with the slug "${slug}" already exists`)
}

async function uniquely(slug: string, write: () => Promise<void>): Promise<void> {
  try {
    await write()
  } catch (error) {
    if (isUniqueViolation(error)) conflict(`A page with the slug "${slug}" already exists`)
    throw error
  }
}

function fieldsOf(
  input: ParsedInput,
  slug: string,
  defaults: { isActive: boolean; sortOrder: number },
  now: Date,
): FooterPageFields {
  return {
    title: input.title,
    slug,
    content: input.content,
    featured_image: input.featuredImage ?? null,
    meta_title: input.metaTitle || null,
    meta_description: input.metaDescription || null,
    is_active: (input.isActive ?? defaults.isActive) ? 1 : 0,
    sort_order: input.sortOrder ?? defaults.sortOrder,
    updated_at: now.toISOString(),
  }
}

/** A missing slug comes from the title. */
export async function createFooterPage(db: Db, input: ParsedInput, now: Date): Promise<FooterPage> {
  const slug = input.slug || slugify(input.title)
  await assertSlugFree(db, slug, null)
  const row = {
    id: crypto.randomUUID(),
    created_at: now.toISOString(),
    ...fieldsOf(input, slug, { isActive: true, sortOrder: 0 }, now),
  }
  await uniquely(slug, () => insertFooterPage(db, row))
  await syncImageUses(db, { footerPageId: row.id }, [row.content, row.featured_image])
  return toFooterPage(row)
}

/** The editor sends no slug, active flag or order: those are kept as they were. */
export async function updateFooterPage(db: Db, id: string, input: ParsedInput, now: Date): Promise<FooterPage> {
  const existing = (await findFooterPageRow(db, { id })) ?? notFound('Page')
  const slug = input.slug || existing.slug
  if (slug !== existing.slug) await assertSlugFree(db, slug, id)
  const fields = fieldsOf(input, slug, { isActive: existing.is_active === 1, sortOrder: existing.sort_order }, now)
  await uniquely(slug, () => updateFooterPageRow(db, id, fields))
  await syncImageUses(db, { footerPageId: id }, [fields.content, fields.featured_image])
  return toFooterPage({ ...existing, ...fields })
}

export type StarterPage = { slug: string; title: string; content: string; metaDescription: string }

/** First start: adds the pages that are missing and never touches one that exists (an admin may have edited it). */
export async function addMissingFooterPages(db: Db, pages: readonly StarterPage[], now: Date): Promise<void> {
  const at = now.toISOString()
  for (const [index, page] of pages.entries()) {
    await insertFooterPageIfMissing(db, {
      id: crypto.randomUUID(),
      title: page.title,
      slug: page.slug,
      content: page.content,
      featured_image: null,
      meta_title: null,
      meta_description: page.metaDescription,
      is_active: 1,
      sort_order: index,
      created_at: at,
      updated_at: at,
    })
  }
}
