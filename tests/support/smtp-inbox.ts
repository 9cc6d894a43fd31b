import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { envelopeTo: string[]; parsed: ParsedMail }

export type SmtpInbox = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string
  messages: ReceivedMail[]
  /** Resolves with the first `count` messages sent to `to`, waiting for them to arrive. */
  waitFor: (to: string, count?: number) => Promise<ReceivedMail[]>
  to: (address: string) => ReceivedMail[]
  close: () => Promise<void>
}

export type InboxOptions = {
  /** Answers RCPT TO: an Error with `responseCode` (550, 450…) refuses the address, null accepts it. */
  refuseRecipient?: (address: string) => (Error & { responseCode?: number }) | null
}

/** An error smtp-server answers RCPT TO with: `code` 5xx refuses for good, 4xx for now. */
export const smtpRefusal = (code: number, message = 'Mailbox unavailable') =>
  Object.assign(new Error(message), { responseCode: code })

/** A real SMTP server in the test process (smtp-server), each message read back with mailparser. */
export async function startSmtpInbox(port = 0, opts: InboxOptions = {}): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = []
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(opts.refuseRecipient?.(address.address.toLowerCase()) ?? undefined)
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), parsed })
          for (const wake of waiters) wake()
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve, reject) => {
    // A port in use rejects (EADDRINUSE) instead of leaving the caller waiting.
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      // A client gone mid-session (a server process killed on purpose) is not the test's failure.
      server.on('error', () => {})
      resolve()
    })
  })
  const address = server.server.address() as AddressInfo

  const to = (address: string) => messages.filter((m) => m.envelopeTo.includes(address.toLowerCase()))
  const waitFor = (address: string, count = 1) =>
    new Promise<ReceivedMail[]>((resolve) => {
      const check = () => {
        const got = to(address)
        if (got.length < count) return
        waiters.delete(check)
        resolve(got.slice(0, count))
      }
      waiters.add(check)
      check()
    })

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    to,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The first link in a message's plain text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const match = (mail.parsed.text ?? '').split(/\s+/).find((word) => word.startsWith(prefix))
  if (!match) throw new Error(`no ${prefix} link in the message`)
  return match
}
