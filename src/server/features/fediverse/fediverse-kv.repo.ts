import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify'
import { sql } from 'kysely'
import type { Db } from '../../db/client.ts'

const keyText = (key: KvKey) => JSON.stringify(key)

/**
 * Fedify's key-value store in our database (table fediverse_kv), on either engine, so every instance shares its
 * caches and idempotence marks and a restart keeps them. Expired entries read as absent; housekeeping may drop them.
 */
export class DbKvStore implements KvStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    private readonly engine: 'sqlite' | 'postgres' = 'sqlite',
  ) {}

  private live() {
    const now = this.now().toISOString()
    return this.db
      .selectFrom('fediverse_kv')
      .select(['key', 'value'])
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = await this.live().where('key', '=', keyText(key)).executeTakeFirst()
    return row ? (JSON.parse(row.value) as T) : undefined
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const ttlMs = options?.ttl ? options.ttl.total('millisecond') : null
    const expires_at = ttlMs === null ? null : new Date(this.now().getTime() + ttlMs).toISOString()
    const row = { key: keyText(key), value: JSON.stringify(value ?? null), expires_at }
    await this.db
      .insertInto('fediverse_kv')
      .values(row)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, expires_at }))
      .execute()
  }

  /**
   * Compare-and-swap: sets `newValue` only if the live value is `expectedValue` (undefined: absent), in one
   * transaction; PostgreSQL locks the row, SQLite has one writer.
   */
  async cas(key: KvKey, expectedValue: unknown, newValue: unknown, options?: KvStoreSetOptions): Promise<boolean> {
    const text = keyText(key)
    const now = this.now()
    const ttlMs = options?.ttl ? options.ttl.total('millisecond') : null
    const expires_at = ttlMs === null ? null : new Date(now.getTime() + ttlMs).toISOString()
    const value = JSON.stringify(newValue ?? null)
    return this.db.transaction().execute(async (trx) => {
      let read = trx.selectFrom('fediverse_kv').select(['value', 'expires_at']).where('key', '=', text)
      if (this.engine === 'postgres') read = read.forUpdate()
      const row = await read.executeTakeFirst()
      const live = row && (row.expires_at === null || row.expires_at > now.toISOString()) ? row.value : undefined
      const expected = expectedValue === undefined ? undefined : JSON.stringify(expectedValue)
      if (live !== expected) return false
      await trx
        .insertInto('fediverse_kv')
        .values({ key: text, value, expires_at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, expires_at }))
        .execute()
      return true
    })
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.deleteFrom('fediverse_kv').where('key', '=', keyText(key)).execute()
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    let query = this.live()
    if (prefix) {
      const exact = keyText(prefix)
      // ["a","b"] is under ["a"]: its JSON starts with `["a",`. substr/length mean the same on both engines.
      const under = `${exact.slice(0, -1)},`
      query = query.where((eb) =>
        eb.or([eb('key', '=', exact), eb(sql`substr(key, 1, ${[...under].length})`, '=', under)]),
      )
    }
    for (const row of await query.orderBy('key').execute())
      yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) as unknown }
  }

  /** Drops expired entries (housekeeping). */
  async sweep(): Promise<void> {
    await this.db.deleteFrom('fediverse_kv').where('expires_at', '<=', this.now().toISOString()).execute()
  }
}
