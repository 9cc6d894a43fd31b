import { read } from 'read'
import { AppError } from '../errors.ts'

/** The first line of standard input, when a password is piped in (`echo … | npm run reset-password -- admin`). */
async function firstLineOfStdin(): Promise<string> {
  let text = ''
  for await (const chunk of process.stdin) {
    text += String(chunk)
    if (text.includes('\n')) break
  }
  return text.split(/\r?\n/)[0] ?? ''
}

/**
 * A new password, asked twice without echo on a terminal, or read from standard input otherwise; never taken from
 * the command line, where it would stay in the shell's history and show in the process list.
 */
export async function readNewPassword(username: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const password = await firstLineOfStdin()
    if (!password) throw new AppError(400, 'No password on standard input')
    return password
  }
  const ask = (prompt: string) => read({ prompt, silent: true, replace: '*', output: process.stderr })
  const password = await ask(`New password for ${username}:`)
  if ((await ask('Type it again:')) !== password) throw new AppError(400, 'The two passwords differ; nothing changed')
  return password
}
