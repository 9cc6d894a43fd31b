import { z } from 'zod'
import { SettingsUpdateSchema, SiteSettingSchema } from '#shared/schemas/site.ts'
import type { App } from '../../context.ts'
import { getPublicSettings, updateSettings } from './settings.service.ts'

const SettingsListSchema = z.array(SiteSettingSchema)

export async function settingsRoutes(app: App): Promise<void> {
  const { db } = app.ctx

  app.get(
    '/api/site-settings',
    { schema: { response: { 200: SettingsListSchema } }, config: { publicCache: true } },
    async () => getPublicSettings(db),
  )

  app.put(
    '/api/site-settings',
    { schema: { body: SettingsUpdateSchema, response: { 200: SettingsListSchema } }, config: { auth: 'admin' } },
    async (request) => updateSettings(db, request.body, app.ctx.clock()),
  )
}
