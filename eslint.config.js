import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import globals from 'globals'
import fs from 'node:fs'
import path from 'node:path'

// Feature layering (docs/decisions/100-feature-layering.md).
const FEATURES_DIR = path.resolve('src/server/features')
const LAYERED_FEATURES = fs
  .readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Layering (docs/decisions/095-import-direction.md), checked on resolved files so relative imports count too:
  // shared imports neither server nor client; client never imports server; server imports no client code except
  // the SSR entry it renders.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: ['./src/server', './src/client'],
              message: 'shared code imports neither server nor client code',
            },
            { target: './src/client', from: './src/server', message: 'client code never imports server code' },
            {
              target: './src/server',
              from: './src/client',
              except: ['./entry-server.tsx'],
              message: 'the server imports no client code but the SSR entry',
            },
          ],
        },
      ],
    },
  },
  // Packages each side must not load: shared stays free of React, Node and the database; the client of Node and the database.
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-dom', '@tanstack/*', 'kysely'] }],
    },
  },
  {
    files: ['src/client/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['kysely', 'node:*'] }] },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', 'react-dom/*', '@tanstack/react-query'] }],
    },
  },
  // Only repos and db/ speak SQL: Kysely is imported nowhere else on the server.
  {
    files: ['src/server/**'],
    ignores: ['src/server/**/*.repo.ts', 'src/server/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react-dom/*', '@tanstack/react-query'] },
            { group: ['kysely'], message: 'Kysely is imported only in *.repo.ts files and src/server/db/ (ADR 100).' },
          ],
        },
      ],
    },
  },
  // A feature uses another only through its *.service.ts.
  {
    files: ['src/server/features/**'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: LAYERED_FEATURES.map((name) => ({
            target: `./src/server/features/${name}`,
            from: `./src/server/features/!(${name})/**`,
            except: [`${FEATURES_DIR}/**/*.service.ts`],
            message: 'a feature uses another only through its *.service.ts (ADR 100)',
          })),
        },
      ],
    },
  },
)
