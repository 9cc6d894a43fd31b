import type { Clock } from '#server/clock.ts'

export type ManualClock = Clock & { tick: (ms: number) => void; set: (iso: string) => void }

/** A clock tests move by hand: pass it as the app's clock, then `clock.tick(ms)` or `clock.set(iso)`. */
export function manualClock(start = '2026-01-10T12:00:00.000Z'): ManualClock {
  let now = new Date(start).getTime()
  const clock = () => new Date(now)
  return Object.assign(clock, {
    tick: (ms: number) => {
      now += ms
    },
    set: (iso: string) => {
      now = new Date(iso).getTime()
    },
  })
}
