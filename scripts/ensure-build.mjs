// `npm start` and the browser tests need the production build; build it once if it is missing.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

if (!existsSync('dist/server/main.js') || !existsSync('dist/ssr/entry-server.js') || !existsSync('dist/client')) {
  console.log('No production build found: running `npm run build` first…')
  execSync('npm run build', { stdio: 'inherit' })
}
