import { CompiledQuery, type Compilable } from 'kysely'
import type { Db } from './client.ts'

type Plan = { sql: string; slots: Array<number | { constant: unknown }> }

/**
 * A read whose SQL is built once per database and shape, then run with each call's values. Kysely builds and
 * compiles a query on every run (13–46 µs for the joins of a post page), though the SQL of these reads changes only
 * with their shape. `build` gets a placeholder string for each value and must bind each as a parameter (never
 * branch on it); what else it binds (limits, statuses) must follow from the shape, which is part of the key.
 */
export function compiledOnce<R>(build: (db: Db, values: string[], shape: string) => Compilable<R>) {
  const plans = new WeakMap<Db, Map<string, Plan>>()
  const planOf = (db: Db, shape: string, count: number): Plan => {
    let byShape = plans.get(db)
    if (!byShape) plans.set(db, (byShape = new Map()))
    const key = `${shape}/${count}`
    let plan = byShape.get(key)
    if (!plan) {
      const marks = Array.from({ length: count }, (_, i) => `\u0000value ${i}\u0000`)
      const compiled = build(db, marks, shape).compile()
      const slots = compiled.parameters.map((p) => {
        const i = marks.indexOf(p as string)
        return i >= 0 ? i : { constant: p }
      })
      if (new Set(slots.filter((s) => typeof s === 'number')).size !== count)
        throw new Error(`compiledOnce: not every one of ${count} values is bound`)
      plan = { sql: compiled.sql, slots }
      byShape.set(key, plan)
    }
    return plan
  }
  return async (db: Db, shape: string, values: string[]): Promise<R[]> => {
    const plan = planOf(db, shape, values.length)
    const parameters = plan.slots.map((slot) => (typeof slot === 'number' ? values[slot] : slot.constant))
    return (await db.executeQuery<R>(CompiledQuery.raw(plan.sql, parameters))).rows
  }
}
