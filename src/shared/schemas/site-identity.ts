import { z } from 'zod'
import { uploadOf } from '../images/variants.ts'
import { HEX_COLOR, lineText } from './common.ts'

const isTimeZone = (v: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: v })
    return true
  } catch {
    return false
  }
}

const isLanguageTag = (v: string) => {
  try {
    return Intl.getCanonicalLocales(v).length === 1
  } catch {
    return false
  }
}

/** An uploaded image (`/uploads/<hash>.<ext>`, so it has variants) or '' for none. */
const UploadedImageSchema = z
  .string()
  .trim()
  .max(200)
  .refine((v) => v === '' || uploadOf(v) !== null, 'Must be an image uploaded to this site')

/**
 * The site's name, words, look and locale (Settings → General). The same schema checks the admin form, the PUT
 * body and the GET answer; src/shared/site/identity.ts holds the defaults.
 */
export const SiteIdentitySchema = z.object({
  title: lineText().trim().min(1, 'Site title is required').max(100),
  tagline: lineText().trim().max(200),
  description: lineText().trim().max(500),
  heroText: lineText().trim().max(500),
  logo: UploadedImageSchema,
  favicon: UploadedImageSchema,
  accentColor: z.string().trim().regex(HEX_COLOR, 'Must be a colour like #1d4ed8'),
  timeZone: z.string().trim().min(1).max(64).refine(isTimeZone, 'Must be a time zone like Europe/Berlin'),
  language: z.string().trim().min(2).max(35).refine(isLanguageTag, 'Must be a language tag like en or de-CH'),
  footerLine: lineText().trim().max(300),
  fullContentRss: z.boolean(),
})
export type SiteIdentity = z.infer<typeof SiteIdentitySchema>
