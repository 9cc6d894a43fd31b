import { z } from 'zod'
import { NavigationSchema } from '#shared/schemas/navigation.ts'
import { SiteIdentitySchema } from '#shared/schemas/site-identity.ts'
import { SettingsUpdateSchema, SiteSettingSchema } from '#shared/schemas/site.ts'
import type { App } from '../../context.ts'
import { getPublicSettings, updateSettings } from './settings.service.ts'
import { getNavigation, resetNavigation, updateNavigation } from './navigation.service.ts'
import { getSiteIdentity, updateSiteIdentity } from './site-identity.service.ts'

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

  app.get(
    '/api/site-identity',
    { schema: { response: { 200: SiteIdentitySchema } }, config: { publicCache: true } },
    async () => getSiteIdentity(db),
  )

  // A write under /api/ moves the content version (cache-plugin.ts), so cached pages show the new identity at once.
  app.put(
    '/api/site-identity',
    { schema: { body: SiteIdentitySchema, response: { 200: SiteIdentitySchema } }, config: { auth: 'admin' } },
    async (request) => updateSiteIdentity(db, request.body, app.ctx.clock()),
  )

  app.get(
    '/api/navigation',
    { schema: { response: { 200: NavigationSchema } }, config: { publicCache: true } },
    async () => getNavigation(db),
  )

  app.put(
    '/api/navigation',
    { schema: { body: NavigationSchema, response: { 200: NavigationSchema } }, config: { auth: 'admin' } },
    async (request) => updateNavigation(db, request.body, app.ctx.clock()),
  )

  app.delete(
    '/api/navigation',
    { schema: { response: { 200: NavigationSchema } }, config: { auth: 'admin' } },
    async () => resetNavigation(db),
  )
}
