import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { openDatabase } from '../db/client.ts'
import { migrateWithLock } from '../db/migrate-with-lock.ts'
import { loadEnv } from '../env.ts'
import { AppError } from '../errors.ts'
import { runImport, writeBackup } from '../features/transfer/transfer.service.ts'

// `npm run export -- --out FILE [--with-secrets]` and
// `npm run import -- FILE [--media DIR|ZIP] [--dry-run] [--with-secrets] [--keep-missing-images]`,
// against the database DATA_DIR / DATABASE_URL name (the same the server uses).

const [command, ...args] = process.argv.slice(2)
const flag = (name: string) => args.includes(name)
const option = (name: string) => {
  const at = args.indexOf(name)
  return at === -1 ? undefined : args[at + 1]
}
const tty = process.stderr.isTTY
const line = (text: string) => (tty ? process.stderr.write(`\r\x1b[2K${text}`) : process.stderr.write(`${text}\n`))

function progressPrinter() {
  let last = 0
  return (phase: string, done: number, total: number | null) => {
    if (Date.now() - last < 200 && done !== total) return
    last = Date.now()
    const pct = total ? ` ${Math.floor((done / total) * 100)}%` : ''
    line(`${phase} ${done}${total ? `/${total}` : ''}${pct}`)
  }
}

async function main(): Promise<number> {
  const env = loadEnv()
  const database = openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir })
  try {
    await migrateWithLock(database)
    if (command === 'export') {
      const out = option('--out')
      if (!out) throw new AppError(400, 'Usage: npm run export -- --out FILE [--with-secrets]')
      const partial = `${out}.partial`
      const progress = progressPrinter()
      const started = Date.now()
      try {
        const summary = await writeBackup(
          { db: database.db, engine: database.engine, dataDir: env.dataDir },
          createWriteStream(partial),
          {
            withSecrets: flag('--with-secrets'),
            now: new Date(),
            onProgress: (p) => progress(p.phase, p.done, p.total),
          },
        )
        await rename(partial, out)
        line('')
        console.log(
          JSON.stringify(
            {
              file: path.resolve(out),
              bytes: summary.bytes,
              seconds: (Date.now() - started) / 1000,
              counts: summary.counts,
            },
            null,
            2,
          ),
        )
      } catch (error) {
        await rm(partial, { force: true })
        throw error
      }
      return 0
    }
    if (command === 'import') {
      const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--media')
      if (!file)
        throw new AppError(
          400,
          'Usage: npm run import -- FILE [--media DIR|ZIP] [--dry-run] [--with-secrets] [--keep-missing-images]',
        )
      const report = await runImport(database.db, {
        file,
        media: option('--media'),
        dryRun: flag('--dry-run'),
        withSecrets: flag('--with-secrets'),
        keepMissingImages: flag('--keep-missing-images'),
        now: new Date(),
        onProgress: progressPrinter(),
      })
      line('')
      console.log(JSON.stringify(report, null, 2))
      return 0
    }
    throw new AppError(400, 'Commands: export, import')
  } finally {
    await database.close()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    line('')
    console.error(error instanceof AppError ? `Error: ${error.message}` : error)
    process.exit(1)
  },
)
