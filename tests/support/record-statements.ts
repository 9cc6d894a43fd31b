import type { KyselyPlugin, RootOperationNode } from 'kysely'
import type { Db } from '#server/db/client.ts'

/** The database, recording the SQL of every statement run through it (to see which path a search took). */
export function recordStatements(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = []
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      statements.push(db.getExecutor().compileQuery(node as RootOperationNode, queryId).sql)
      return node
    },
    transformResult: async ({ result }) => result,
  }
  return { db: db.withPlugin(recorder), statements }
}
