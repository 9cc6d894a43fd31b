import type pg from 'pg'

/** Distinct statements that get a name (each is kept by every connection that runs it); later ones run unnamed. */
const MAX_NAMED = 400
/**
 * Longer statements run unnamed. The longest named one is a public search by date (search-sliced.postgres.ts: at most
 * about 5,000 characters, whatever the number of slices); tests/api/search-slices.pg.test.ts checks its length at 200
 * slices and finds it among a connection's prepared statements, so it fails if that statement outgrows this.
 */
export const MAX_NAMED_LENGTH = 8_000
/** What PostgreSQL says when a named statement's result columns changed under it (a migration by another instance). */
const RESULT_TYPE_CHANGED = 'cached plan must not change result type'

type Query = (...args: unknown[]) => unknown

/**
 * A statement that starts with this comment always runs unnamed, so PostgreSQL plans it for its own parameters at
 * every run: for statements whose best plan depends on them (a search's date-index walk is right for a common word
 * and wrong for a rare one), where a generic plan kept after five runs would be wrong.
 */
export const PLAN_EACH_RUN = '/* planned at every run */ '

const isResultTypeChange = (err: unknown) =>
  err instanceof Error && (err as { code?: string }).code === '0A000' && err.message.includes(RESULT_TYPE_CHANGED)

/**
 * Reads run as named statements. PostgreSQL parses and plans an unnamed statement on every run, which cost more
 * than the index walks it then did (about 0.3 ms of the server's CPU per statement, a page runs three or four). A
 * named statement is parsed once per connection, and after five runs PostgreSQL may keep a generic plan. Names are
 * given by the statement's text, so a connection never holds two texts under one name.
 */
export function nameStatements(pool: pg.Pool): void {
  const names = new Map<string, string>()
  let given = 0
  const nameOf = (text: string) => {
    const kept = names.get(text)
    if (
      kept ||
      given >= MAX_NAMED ||
      text.length > MAX_NAMED_LENGTH ||
      text.startsWith(PLAN_EACH_RUN) ||
      !/^\s*(select|with)\b/i.test(text)
    )
      return kept
    const name = `blog_${given++}`
    names.set(text, name)
    return name
  }

  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query
    const named = async (text: string, name: string, values: unknown[]): Promise<unknown> => {
      try {
        return await query({ name, text, values })
      } catch (err) {
        if (!isResultTypeChange(err)) throw err
        // The old name stays broken on every connection that holds it: the text moves to a new name. Outside a
        // transaction the read runs again at once; inside one it fails this once, as any read may.
        names.delete(text)
        const fresh = nameOf(text)
        const idle =
          (client as unknown as { getTransactionStatus?: () => string | null }).getTransactionStatus?.() === 'I'
        if (!idle) throw err
        return fresh ? query({ name: fresh, text, values }) : query(text, values)
      }
    }
    const wrapped: Query = (...args) => {
      const [text, values] = args
      if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values)) return query(...args)
      const name = nameOf(text)
      return name ? named(text, name, values) : query(text, values)
    }
    ;(client as unknown as { query: Query }).query = wrapped
  })
}
