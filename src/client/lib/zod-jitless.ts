import { config } from 'zod'

// zod compiles object parsers with `new Function`, and decides so when each schema is created. The CSP allows no
// eval (and reports the probe), so the admin chunk loads this first, before any schema exists.
config({ jitless: true })
