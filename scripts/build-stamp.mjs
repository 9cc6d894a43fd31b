// The build's stamp: a hash of everything the production build is made from. `npm run build` writes it into dist/;
// `npm start` rebuilds when it differs, so pulling new code and restarting never serves the old build.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const STAMP_FILE = 'dist/.build-stamp'
const INPUTS = [
  'src',
  'public',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'scripts/build-server.mjs',
  'scripts/precompress.mjs',
  'scripts/build-stamp.mjs',
]
const OUTPUTS = ['dist/server/main.js', 'dist/server/backup-cli.js', 'dist/ssr/entry-server.js', 'dist/client']
// Tests are not part of what the build is made from.
const IGNORED = /(\.test\.tsx?|\.spec\.ts)$/

function files(root, entry) {
  const full = path.join(root, entry)
  if (!existsSync(full)) return []
  if (!statSync(full).isDirectory()) return [entry]
  return readdirSync(full)
    .sort()
    .flatMap((name) => files(root, path.join(entry, name)))
}

export function sourceStamp(root = '.') {
  const hash = createHash('sha256')
  for (const file of INPUTS.flatMap((entry) => files(root, entry)).filter((f) => !IGNORED.test(f))) {
    hash
      .update(file.split(path.sep).join('/'))
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0')
  }
  return hash.digest('hex')
}

/** The build in dist/ exists and was made from the sources as they are now. */
export function buildIsCurrent(root = '.') {
  const stampFile = path.join(root, STAMP_FILE)
  if (!OUTPUTS.every((output) => existsSync(path.join(root, output))) || !existsSync(stampFile)) return false
  return readFileSync(stampFile, 'utf8').trim() === sourceStamp(root)
}

export function writeStamp(root = '.') {
  writeFileSync(path.join(root, STAMP_FILE), `${sourceStamp(root)}\n`)
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--write')) writeStamp()
