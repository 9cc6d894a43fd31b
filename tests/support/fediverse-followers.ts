import SQLite from 'better-sqlite3'
import path from 'node:path'
import pg from 'pg'

export type FollowerRow = {
  actor_id: string
  inbox: string
  shared_inbox: string | null
  handle: string
  created_at: string
}

/**
 * `n` followers on one peer (tests/support/fedify-peer.ts) at `origin` (`prefix0`, `prefix1`, …): each with its own
 * inbox, or all behind the peer's shared inbox.
 */
export function followersOn(origin: string, n: number, opts: { prefix: string; shared: boolean }): FollowerRow[] {
  const host = new URL(origin).host
  const at = new Date().toISOString()
  return Array.from({ length: n }, (_, i) => {
    const name = `${opts.prefix}${i}`
    const actor = `${origin}/users/${name}`
    return {
      actor_id: actor,
      inbox: `${actor}/inbox`,
      shared_inbox: opts.shared ? `${origin}/inbox` : null,
      handle: `@${name}@${host}`,
      created_at: at,
    }
  })
}

const COLUMNS = ['actor_id', 'inbox', 'shared_inbox', 'handle', 'created_at'] as const

/** The running blog's database, opened from the test (another process): followers go in, the queue is read. */
export type BlogStore = {
  insertFollowers: (rows: FollowerRow[]) => Promise<void>
  /** Fedify's queued messages (fan-out and deliveries, waiting or being retried). */
  queued: () => Promise<Array<{ type?: string; attempt?: number }>>
}

/** SQLite in WAL mode: the test writes while the server runs, as the newsletter tests do. */
export function sqliteStore(dataDir: string): BlogStore {
  const open = () => new SQLite(path.join(dataDir, 'blog.sqlite'))
  return {
    insertFollowers: async (rows) => {
      const file = open()
      try {
        const insert = file.prepare(
          `insert into fediverse_followers (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`,
        )
        file.transaction(() => rows.forEach((r) => insert.run(...COLUMNS.map((c) => r[c]))))()
      } finally {
        file.close()
      }
    },
    queued: async () => {
      const file = open()
      try {
        const rows = file.prepare('select message from fediverse_queue').all() as Array<{ message: string }>
        return rows.map((r) => JSON.parse(r.message) as { type?: string; attempt?: number })
      } finally {
        file.close()
      }
    },
  }
}

export function postgresStore(url: string): BlogStore {
  const withClient = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return await work(client)
    } finally {
      await client.end()
    }
  }
  return {
    insertFollowers: (rows) =>
      withClient(async (client) => {
        for (const r of rows)
          await client.query(
            `insert into fediverse_followers (${COLUMNS.join(', ')}) values (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`,
            COLUMNS.map((c) => r[c]),
          )
      }),
    queued: () =>
      withClient(async (client) => {
        const { rows } = await client.query<{ message: string }>('select message from fediverse_queue')
        return rows.map((r) => JSON.parse(r.message) as { type?: string; attempt?: number })
      }),
  }
}
