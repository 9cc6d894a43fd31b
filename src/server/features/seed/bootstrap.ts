import type { FastifyBaseLogger } from 'fastify'
import { PASSWORD_MIN } from '#shared/schemas/user.ts'
import type { AppContext } from '../../context.ts'
import { createFirstAdmin, hasAdmin, hashPassword, setupToken } from '../auth/auth.service.ts'
import { addMissingFooterPages } from '../footer-pages/footer-pages.service.ts'
import { housekeep } from '../housekeeping/housekeeping.service.ts'
import { seedDemo } from './demo.ts'
import { STARTER_FOOTER_PAGES } from './footer-pages.seed.ts'

/**
 * Runs at every start, on every instance: idempotent and safe when instances start together.
 * (1) the five footer pages exist; (2) the admin from ADMIN_* when there is none; (3) the demo set on an
 * empty database when SEED_DEMO is on. Answers the one-time setup token while there is still no admin.
 */
export async function bootstrap(ctx: AppContext, log: FastifyBaseLogger): Promise<{ setupToken: string | null }> {
  const { db, env } = ctx
  const now = ctx.clock()
  await addMissingFooterPages(db, STARTER_FOOTER_PAGES, now)

  if (env.admin && !(await hasAdmin(db))) {
    if (env.admin.password.length < PASSWORD_MIN)
      log.warn(`ADMIN_PASSWORD is shorter than ${PASSWORD_MIN} characters: choose a longer one`)
    const created = await createFirstAdmin(
      db,
      { username: env.admin.username, email: env.admin.email, passwordHash: await hashPassword(env.admin.password) },
      now,
    )
    if (created) log.info({ username: created.username }, 'created the admin from ADMIN_USERNAME')
  }

  if (env.seedDemo && (await seedDemo(db, now))) log.info('loaded the demo posts (SEED_DEMO=0 skips them)')

  await housekeep(db, now, env.analyticsRetentionDays)
  return { setupToken: (await hasAdmin(db)) ? null : await setupToken(db, now) }
}
