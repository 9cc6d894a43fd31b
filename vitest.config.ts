import { defineConfig } from 'vitest/config'

const apiFiles = ['tests/api/**/*.test.ts']
// `*.pg.test.ts` files test what only PostgreSQL has and run in the PostgreSQL project alone; `*.sqlite.test.ts`, SQLite alone.
const apiProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  test: { name, include: apiFiles, exclude, env, testTimeout: 30_000, hookTimeout: 60_000, pool: 'forks' as const },
})

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'tests/lint/**/*.test.ts'], environment: 'node' } },
      apiProject('api', { TEST_ENGINE: 'sqlite' }, ['tests/api/**/*.pg.test.ts']),
      // The same API suite on PostgreSQL, only when a server is given (CI always gives one).
      ...(process.env.TEST_DATABASE_URL
        ? [apiProject('api-pg', { TEST_ENGINE: 'postgres' }, ['tests/api/**/*.sqlite.test.ts'])]
        : []),
      // Real server processes (crash safety, shutdown, several instances) on the production bundle.
      {
        test: {
          name: 'system',
          include: ['tests/system/**/*.test.ts'],
          exclude: process.env.TEST_DATABASE_URL ? [] : ['tests/system/**/*.pg.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
})
