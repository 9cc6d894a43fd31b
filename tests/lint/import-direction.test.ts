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
  ])('allows %s importing: %s', async (file, code) => {
    expect(await layeringErrors(file, code)).toEqual([])
  })
})
