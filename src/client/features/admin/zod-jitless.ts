import { z } from 'zod'

// The site's CSP has no 'unsafe-eval'. Zod 4 probes `new Function` when an object schema is built (a reported CSP
// violation) to compile fast parsers; turn that off before any schema of the admin chunk is constructed. Import first.
z.config({ jitless: true })
