// `npm start` and the browser tests need the production build: built when missing, and again when the sources or
// the lock file changed since it was made (scripts/build-stamp.mjs).
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { buildIsCurrent } from './build-stamp.mjs'

if (!buildIsCurrent()) {
  if (!existsSync('node_modules/vite')) {
    console.error(
      'The production build is missing or older than the sources, and the build tools are not installed: run `npm install && npm run build`.',
    )
    process.exit(1)
  }
  console.log('The production build is missing or older than the sources: running `npm run build` first…')
  execSync('npm run build', { stdio: 'inherit' })
}
