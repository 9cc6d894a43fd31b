// Bundles the server's TypeScript into dist/server/main.js and the backup command line into dist/server/backup-cli.js
// (dependencies stay in node_modules).
import { build } from 'esbuild'

await build({
  entryPoints: ['src/server/main.ts', 'src/server/cli/backup-cli.ts'],
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
