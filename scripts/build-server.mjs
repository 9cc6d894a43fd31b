// Bundles the server's TypeScript into dist/server/main.js, the backup command line into dist/server/backup-cli.js,
// the account recovery commands into dist/server/account-cli.js and the worker thread imports are read in into
// dist/server/import-worker.js, which main.js starts from its own folder (dependencies stay in node_modules).
import { build } from 'esbuild'

await build({
  entryPoints: [
    'src/server/main.ts',
    'src/server/cli/backup-cli.ts',
    'src/server/cli/account-cli.ts',
    'src/server/features/transfer/import-worker.ts',
  ],
  outdir: 'dist/server',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
