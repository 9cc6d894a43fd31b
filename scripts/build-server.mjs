// Bundles the server's TypeScript into dist/server/main.js, the backup command line into dist/server/backup-cli.js,
// the account recovery commands into dist/server/account-cli.js and the worker thread imports are read in into
// dist/server/import-worker.js, which main.js starts from its own folder (dependencies stay in node_modules).
// Split into chunks, so a dynamic import() stays one: the Fedify part of the fediverse (fediverse-loader.ts) is its
// own chunk, and @fedify/* and @js-temporal/polyfill are imported only by it, never by main.js at start. Code the
// entry points share is a chunk of its own too. dist/server is emptied first, so old chunks do not pile up.
import { rmSync } from 'node:fs'
import { build } from 'esbuild'

rmSync('dist/server', { recursive: true, force: true })

await build({
  entryPoints: [
    'src/server/main.ts',
    'src/server/cli/backup-cli.ts',
    'src/server/cli/account-cli.ts',
    'src/server/features/transfer/import-worker.ts',
  ],
  outdir: 'dist/server',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
