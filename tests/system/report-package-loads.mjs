// Loaded with `--import` into a server process under test: prints `package loaded: NAME` on stderr the first time the
// process resolves an import of package NAME, so a test sees which packages the process has loaded so far.
import { registerHooks } from 'node:module'

const seen = new Set()
registerHooks({
  resolve(specifier, context, nextResolve) {
    const name = /^(?:@[^/]+\/)?[^/.:][^/:]*/.exec(specifier)?.[0]
    if (name && !seen.has(name)) {
      seen.add(name)
      process.stderr.write(`package loaded: ${name}\n`)
    }
    return nextResolve(specifier, context)
  },
})
