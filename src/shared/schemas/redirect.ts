import { z } from 'zod'
import { leadsBackTo, normaliseSitePath } from '../text/site-path.ts'

export const REDIRECT_SOURCES = ['manual', 'slug', 'import'] as const
export type RedirectSource = (typeof REDIRECT_SOURCES)[number]

export const RedirectSchema = z.object({
  id: z.string(),
  fromPath: z.string(),
  toPath: z.string(),
  source: z.enum(REDIRECT_SOURCES),
  hits: z.number().int(),
  createdAt: z.string(),
})
export type Redirect = z.infer<typeof RedirectSchema>

export const REDIRECT_LOOP_ERROR = 'This redirect would create a loop'

// Paths the site itself owns: a rule there could never fire, or would hijack the admin or the API.
const RESERVED_SOURCE = /^\/(api|admin|assets)(\/|\?|$)/

const PathField = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(500, `${label} must be at most 500 characters`)

/**
 * A site path, or a full URL whose own path is one: dot segments, backslashes, encoded slashes and repeated slashes
 * must leave it starting with a single `/`. Whether a full URL is this site's is known only with the site's origin
 * (`redirectRuleSchema`).
 */
const SitePathField = (label: string) =>
  PathField(label).superRefine((value, ctx) => {
    let ownOrigin = 'http://site.invalid'
    try {
      if (!value.startsWith('/') && !value.startsWith('\\')) ownOrigin = new URL(value).origin
    } catch {
      // normaliseSitePath names the problem below
    }
    const result = normaliseSitePath(value, ownOrigin)
    if (!result.ok) ctx.addIssue({ code: 'custom', message: `${label}: ${result.error}` })
  })

/** Body of POST /api/redirects: site paths ("/old-page", "/?p=123"); the target may be a full URL of this site. */
export const RedirectInputSchema = z.object({ fromPath: SitePathField('From path'), toPath: SitePathField('To path') })
export type RedirectInput = z.infer<typeof RedirectInputSchema>

/**
 * A rule as it is stored, from any source (the admin's form, every import, a restore): both ends normalised site
 * paths of `siteOrigin`, and a target that does not lead straight back to its source. Chains through other rules
 * are checked where the rules are (`addRedirectRule`).
 */
export const redirectRuleSchema = (siteOrigin: string) =>
  z.object({ fromPath: z.string(), toPath: z.string() }).transform((rule, ctx) => {
    const ends = {
      fromPath: normaliseSitePath(rule.fromPath, siteOrigin),
      toPath: normaliseSitePath(rule.toPath, siteOrigin),
    }
    if (!ends.fromPath.ok) {
      ctx.addIssue({ code: 'custom', path: ['fromPath'], message: `From path: ${ends.fromPath.error}` })
      return z.NEVER
    }
    if (!ends.toPath.ok) {
      ctx.addIssue({ code: 'custom', path: ['toPath'], message: `To path: ${ends.toPath.error}` })
      return z.NEVER
    }
    const fromPath = ends.fromPath.path
    const toPath = ends.toPath.path
    if (fromPath === '/' || RESERVED_SOURCE.test(fromPath)) {
      ctx.addIssue({ code: 'custom', path: ['fromPath'], message: 'From path: this path belongs to the site itself' })
      return z.NEVER
    }
    if (fromPath === toPath) {
      ctx.addIssue({ code: 'custom', path: ['toPath'], message: 'A redirect cannot point to itself' })
      return z.NEVER
    }
    if (leadsBackTo(fromPath, toPath)) {
      ctx.addIssue({ code: 'custom', path: ['toPath'], message: REDIRECT_LOOP_ERROR })
      return z.NEVER
    }
    return { fromPath, toPath }
  })

export const RedirectListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})

export const NotFoundEntrySchema = z.object({
  path: z.string(),
  hits: z.number().int(),
  referrer: z.string().nullable(),
  lastSeenAt: z.string(),
})
export type NotFoundEntry = z.infer<typeof NotFoundEntrySchema>

export const NotFoundPathQuerySchema = z.object({ path: z.string().min(1).max(500) })

/** POST /api/link-check: which of these /blog/… paths would a reader find nothing at? */
export const LinkCheckInputSchema = z.object({ paths: z.array(z.string().max(500)).max(50) })
export const LinkCheckSchema = z.object({ broken: z.array(z.string()) })
