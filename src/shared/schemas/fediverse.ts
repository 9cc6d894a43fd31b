import { z } from 'zod'

/** The part of a fediverse handle before the host: what `@blog@example.com` starts with. */
export const FediverseHandleSchema = z
  .string()
  .trim()
  .min(1, 'Handle is required')
  .max(30, 'Handle must be at most 30 characters')
  .regex(/^[a-z0-9_]+$/, 'Use lower-case letters, digits and _ only')

/** Settings → Fediverse: the same schema checks the form, the PUT body and the GET answer. */
export const FediverseSettingsSchema = z.object({
  enabled: z.boolean(),
  handle: FediverseHandleSchema,
})
export type FediverseSettings = z.infer<typeof FediverseSettingsSchema>

export const DEFAULT_FEDIVERSE_SETTINGS: FediverseSettings = { enabled: true, handle: 'blog' }

/** GET /api/admin/fediverse: the settings plus what they mean (the full handle) and the follower count. */
export const FediverseOverviewSchema = FediverseSettingsSchema.extend({
  account: z.string(),
  followerCount: z.number().int(),
})
export type FediverseOverview = z.infer<typeof FediverseOverviewSchema>

export const FediverseFollowerSchema = z.object({
  actorId: z.string(),
  handle: z.string(),
  name: z.string().nullable(),
  server: z.string(),
  url: z.string().nullable(),
  since: z.string(),
})
export type FediverseFollower = z.infer<typeof FediverseFollowerSchema>

export const FediverseFollowersPageSchema = z.object({
  followers: z.array(FediverseFollowerSchema),
  /** Pass as `after` for the next page; null on the last. */
  next: z.string().nullable(),
})
export type FediverseFollowersPage = z.infer<typeof FediverseFollowersPageSchema>

export const FediverseFollowersQuerySchema = z.object({ after: z.string().max(2100).optional() })

/** DELETE a follower or block an actor: its id (an https URL). */
export const FediverseActorSchema = z.object({ actorId: z.string().trim().url().max(2048) })

/** GET /api/fediverse: the account readers can follow ("@blog@example.com"), or null when federation is off. */
export const FediverseAccountSchema = z.object({ account: z.string().nullable() })
export type FediverseAccount = z.infer<typeof FediverseAccountSchema>
