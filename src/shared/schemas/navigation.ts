import { z } from 'zod'
import { isSafeUrl, lineText } from './common.ts'

/** A menu entry: a label and where it goes (a site path such as /about or /category/code, or an http(s) URL). */
export const NavLinkSchema = z.object({
  label: lineText().trim().min(1, 'Label is required').max(60),
  href: z
    .string()
    .trim()
    .min(1, 'Link is required')
    .max(2000)
    .refine(isSafeUrl, 'Must be a site path like /about or an http(s) URL'),
})
export type NavLink = z.infer<typeof NavLinkSchema>

/** The header and footer menus (Settings → Navigation). The same schema checks the form, the PUT and the GET. */
export const NavigationSchema = z.object({
  header: z.array(NavLinkSchema).max(12, 'At most 12 links'),
  footer: z.array(NavLinkSchema).max(24, 'At most 24 links'),
})
export type Navigation = z.infer<typeof NavigationSchema>
