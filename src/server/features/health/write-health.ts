import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { databaseTrouble } from '../../db/db-trouble.ts'
import { probeWrite } from './health.repo.ts'

/** A write probe runs at most this often (when /healthz is asked); a failed real write counts at once. */
export const WRITE_PROBE_MS = 5000

/**
 * Whether the database takes writes. Reads can go on working while writes fail (disk full, read-only file or
 * standby), so /healthz would say ok while every save fails: a cheap write (rewriting one row unchanged, which still
 * writes a new row version on both engines) tells, and so does a request whose write the database refused.
 */
export function createWriteHealth(db: Db, now: () => number, log: FastifyBaseLogger) {
  let failingSince: number | null = null
  let probedAt = -Infinity
  let probing: Promise<void> | null = null

  const failed = (err: unknown) => {
    if (failingSince === null)
      log.error({ err }, 'database writes are failing: /healthz reports "not-writable" until a write succeeds')
    failingSince = now()
  }

  const probe = async () => {
    const startedAt = now()
    try {
      await probeWrite(db)
      // A real write that failed after this probe began still counts.
      if (failingSince !== null && failingSince < startedAt) {
        failingSince = null
        log.warn('database writes work again')
      }
    } catch (err) {
      if (databaseTrouble(err) === 'not-writable') failed(err)
      // Unreachable: /healthz's read reports that, and this probe runs again next time.
      else probedAt = -Infinity
    }
  }

  return {
    /** A request's write was refused by the database. */
    failed,
    /** True while writes fail; probes first when the last probe is older than WRITE_PROBE_MS. */
    async failing(): Promise<boolean> {
      if (now() - probedAt >= WRITE_PROBE_MS && !probing) {
        probedAt = now()
        probing = probe().finally(() => {
          probing = null
        })
      }
      if (probing) await probing
      return failingSince !== null
    },
  }
}

export type WriteHealth = ReturnType<typeof createWriteHealth>
