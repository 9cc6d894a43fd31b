// Writes .br and .gz beside each built text asset so the server sends them without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const COMPRESSIBLE = /\.(js|css|svg|txt|xml|json|webmanifest)$/
const root = 'dist/client'

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) walk(file)
    else if (COMPRESSIBLE.test(name) && !file.includes(`${path.sep}.vite${path.sep}`)) {
      const bytes = readFileSync(file)
      if (bytes.length < 1024) continue
      writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
    }
  }
}

walk(root)
