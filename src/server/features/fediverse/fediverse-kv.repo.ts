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
