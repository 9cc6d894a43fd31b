import { openDatabase } from '../db/client.ts'
import { migrateWithLock } from '../db/migrate-with-lock.ts'
import { loadEnv } from '../env.ts'
import { AppError } from '../errors.ts'
import { resetPassword, turnOffTwoFactor } from '../features/auth/account-recovery.ts'
import { readNewPassword } from './read-password.ts'

// `npm run reset-password -- USERNAME` and `npm run disable-2fa -- USERNAME`, against the database DATA_DIR /
// DATABASE_URL name (the same the server uses).

const USAGE = 'Usage: npm run reset-password -- USERNAME, or npm run disable-2fa -- USERNAME'
const [command, login, ...extra] = process.argv.slice(2)

async function main(): Promise<string> {
  if (!login || (command !== 'reset-password' && command !== 'disable-2fa')) throw new AppError(400, USAGE)
  if (extra.length)
    throw new AppError(
      400,
      command === 'reset-password'
        ? 'Give only the username: the password is typed when asked, or piped on standard input, never on the command line'
        : USAGE,
    )
  const env = loadEnv()
  const database = openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir })
  try {
    await migrateWithLock(database)
    if (command === 'reset-password') {
      const done = await resetPassword(database.db, login, readNewPassword)
      const sessions = done.sessionsEnded === 1 ? '1 session' : `${done.sessionsEnded} sessions`
      return `The password of ${done.username} is changed, and ${sessions} ended: sign in again with the new one.`
    }
    const done = await turnOffTwoFactor(database.db, login)
    return done.wasOn
      ? `Two-factor authentication is off for ${done.username}: sign in with the password alone, then turn it on again in Settings → Security.`
      : `Two-factor authentication was already off for ${done.username}.`
  } finally {
    await database.close()
  }
}

main().then(
  (message) => {
    console.log(message)
    process.exit(0)
  },
  (error: unknown) => {
    console.error(error instanceof AppError ? `Error: ${error.message}` : error)
    process.exit(1)
  },
)
