import { z } from 'zod'
import {
  FediverseAccountSchema,
  FediverseActorSchema,
  FediverseFollowersPageSchema,
  FediverseFollowersQuerySchema,
  FediverseOverviewSchema,
  FediverseSettingsSchema,
} from '#shared/schemas/fediverse.ts'
import type { App } from '../../context.ts'
import { notFound } from '../../errors.ts'
import { loadFedify } from './fediverse-loader.ts'
import * as fediverse from './fediverse.service.ts'

const admin = { auth: 'admin' as const }
const Done = z.object({ ok: z.literal(true) })

/** The account readers follow (the footer); Settings → Fediverse: the handle and the switch, the followers (remove one), blocking an actor. */
export async function fediverseRoutes(app: App): Promise<void> {
  app.get(
    '/api/fediverse',
    { schema: { response: { 200: FediverseAccountSchema } }, config: { publicCache: true } },
    async () => fediverse.publicAccount(app.ctx),
  )

  app.get('/api/admin/fediverse', { schema: { response: { 200: FediverseOverviewSchema } }, config: admin }, async () =>
    fediverse.overview(app.ctx),
  )

  app.put(
    '/api/admin/fediverse',
    { schema: { body: FediverseSettingsSchema, response: { 200: FediverseOverviewSchema } }, config: admin },
    async (request) => {
      const overview = await fediverse.updateSettings(app.ctx, request.body)
      // Switched on: Fedify is loaded and the queue worker started now, not at the first federation request.
      if (overview.enabled) await app.federation()
      return overview
    },
  )

  app.get(
    '/api/admin/fediverse/followers',
    {
      schema: { querystring: FediverseFollowersQuerySchema, response: { 200: FediverseFollowersPageSchema } },
      config: admin,
    },
    async (request) => fediverse.followers(app.ctx, request.query.after),
  )

  app.post(
    '/api/admin/fediverse/followers/remove',
    { schema: { body: FediverseActorSchema, response: { 200: Done } }, config: { ...admin, keepsPublicContent: true } },
    async (request) => {
      const { removeFollower } = await loadFedify()
      if (!(await removeFollower(app.ctx, await app.federation(), request.body.actorId))) notFound('Follower')
      return { ok: true as const }
    },
  )

  app.post(
    '/api/admin/fediverse/blocks',
    { schema: { body: FediverseActorSchema, response: { 200: Done } }, config: { ...admin, keepsPublicContent: true } },
    async (request) => {
      const { blockActor } = await loadFedify()
      await blockActor(app.ctx, await app.federation(), request.body.actorId)
      return { ok: true as const }
    },
  )
}
