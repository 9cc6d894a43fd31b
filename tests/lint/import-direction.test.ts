import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const eslint = new ESLint()

/** The layering rule's messages for `code` as if it were the file at `filePath` (the file need not exist). */
async function layeringErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message)
}

describe('import direction (eslint.config.js)', () => {
  // Loading the config and its parsers takes seconds, once.
  beforeAll(() => layeringErrors('src/shared/warm-up.ts', 'export {}'), 60_000)

  it.each([
    ['src/shared/x.ts', "import { AppError } from '../server/errors.ts'\nexport const x = AppError"],
    ['src/shared/x.ts', "import { AppError } from '#server/errors.ts'\nexport const x = AppError"],
    ['src/shared/routes/x.ts', "import { cn } from '../../client/lib/cn.ts'\nexport const x = cn"],
    ['src/shared/x.ts', "import { useState } from 'react'\nexport const x = useState"],
    ['src/client/x.ts', "import { AppError } from '../server/errors.ts'\nexport const x = AppError"],
    ['src/client/features/site/x.ts', "import type { Db } from '#server/db/client.ts'\nexport type X = Db"],
    ['src/server/ssr/x.ts', "import { matchPath } from '../../client/lib/router.tsx'\nexport const x = matchPath"],
    ['src/server/ssr/x.ts', "import { App } from '#client/app.tsx'\nexport const x = App"],
    ['src/server/x.ts', "import { renderToString } from 'react-dom/server'\nexport const x = renderToString"],
    // Feature layering (docs/decisions/100): SQL only in repos and db/, another feature only through its service.
    ['src/server/features/posts/x.service.ts', "import { sql } from 'kysely'\nexport const x = sql"],
    ['src/server/http/x.ts', "import type { Kysely } from 'kysely'\nexport type X = Kysely<object>"],
    [
      'src/server/features/feeds/x.ts',
      "import { cardsByIds } from '../posts/posts.repo.ts'\nexport const x = cardsByIds",
    ],
    [
      'src/server/features/feeds/x.ts',
      "import { rowToCard } from '#server/features/posts/posts.mappers.ts'\nexport const x = rowToCard",
    ],
  ])('refuses %s importing: %s', async (file, code) => {
    expect(await layeringErrors(file, code)).not.toEqual([])
  })

  it.each([
    ['src/server/ssr/x.ts', "import type { render } from '#client/entry-server.tsx'\nexport type X = typeof render"],
    [
      'src/server/ssr/x.ts',
      "import { matchPublicRoute } from '#shared/routes/public-routes.ts'\nexport const x = matchPublicRoute",
    ],
    ['src/client/x.ts', "import { paths } from '../shared/paths.ts'\nexport const x = paths"],
    ['src/shared/x.ts', "import { patterns } from './routes/patterns.ts'\nexport const x = patterns"],
    ['src/server/features/posts/x.repo.ts', "import { sql } from 'kysely'\nexport const x = sql"],
    ['src/server/db/x.ts', "import { sql } from 'kysely'\nexport const x = sql"],
    [
      'src/server/features/posts/x.service.ts',
      "import { cardsByIds } from './posts.repo.ts'\nexport const x = cardsByIds",
    ],
    [
      'src/server/features/feeds/x.ts',
      "import { listPosts } from '../posts/posts.service.ts'\nexport const x = listPosts",
    ],
  ])('allows %s importing: %s', async (file, code) => {
    expect(await layeringErrors(file, code)).toEqual([])
  })
})
