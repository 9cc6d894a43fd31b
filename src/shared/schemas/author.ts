import { z } from 'zod'
import { uploadOf } from '../images/variants.ts'
import { lineText } from './common.ts'

/**
 * The author's public profile (Settings → Account): the same schema checks the form, the PUT body and the answers.
 * An empty display name means bylines show the login name.
 */
export const AuthorProfileSchema = z.object({
  displayName: lineText().trim().max(80),
  bio: z.string().trim().max(1000),
  avatar: z
    .string()
    .trim()
    .max(200)
    .refine((v) => v === '' || uploadOf(v) !== null, 'Must be an image uploaded to this site'),
})
export type AuthorProfile = z.infer<typeof AuthorProfileSchema>
