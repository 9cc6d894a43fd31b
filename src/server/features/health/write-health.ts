import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { databaseTrouble } from '../../db/db-trouble.ts'
import { probeWrite } from './health.repo.ts'

/** A write probe runs at most this often (when /healthz is asked); a failed real write counts at once. */
export const WRITE_PROBE_MS = 5000
/** How long a write the database refused keeps /healthz at "not-writable", whatever the probe says. */
export const REFUSED_WRITE_HOLD_MS = WRITE_PROBE_MS

/**
 * Whether the database takes writes. Reads can go on working while writes fail (disk full, read-only file or
 * standby), so /healthz would say ok while every save fails: a cheap write (rewriting one row unchanged, which still
 * writes a new row version on both engines) tells, and so does a request whose write the database refused. On a
 * nearly full disk the probe's tiny write still fits while a post does not, so a refused real write counts for
 * REFUSED_WRITE_HOLD_MS on its own.
 */
export function createWriteHealth(db: Db, now: () => number, log: FastifyBaseLogger) {
  let probeFailing = false
  let refusedAt = -Infinity
  let reported = false
  let probedAt = -Infinity
  let probing: Promise<void> | null = null

  const report = (err: unknown) => {
    if (!reported)
      log.error({ err }, 'database writes are failing: /healthz reports "not-writable" until writes work again')
    reported = true
  }
  const failed = (err: unknown) => {
    refusedAt = now()
    report(err)
  }
  const isFailing = () => probeFailing || now() - refusedAt < REFUSED_WRITE_HOLD_MS

  const probe = async () => {
    try {
      await probeWrite(db)
      probeFailing = false
    } catch (err) {
      if (databaseTrouble(err) === 'not-writable') {
        probeFailing = true
        report(err)
      }
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
      const failing = isFailing()
      if (!failing && reported) {
        reported = false
        log.warn('database writes work again')
      }
      return failing
    },
  }
}

export type WriteHealth = ReturnType<typeof createWriteHealth>
