import type { FastifyBaseLogger } from 'fastify'
import type { AppContext } from '../../context.ts'

/** First start: footer pages always present, admin from ADMIN_*, demo content when asked. */
export async function bootstrap(_ctx: AppContext, _log: FastifyBaseLogger): Promise<void> {
  // TODO
}
