import nodemailer from 'nodemailer'
import type { Env } from '../env.ts'

export type OutgoingMail = {
  to: string
  subject: string
  text: string
  html: string
  headers?: Record<string, string>
  /** Fixed per post and reader for a newsletter, so a copy sent again after a crash is recognisably the same. */
  messageId?: string
}

/** RFC 8058 one-click unsubscribe: every message to a subscriber carries these, with a visible link in its body. */
export const listUnsubscribeHeaders = (unsubscribeUrl: string): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
})

export type Mailer = { send: (mail: OutgoingMail) => Promise<void>; close: () => void }

type MailEnv = NonNullable<Env['mail']>

/**
 * nodemailer's pooled SMTP transport from SMTP_URL: a few kept connections, at most MAIL_RATE messages a second
 * (MAIL_RATE=0: no limit). Timeouts stay well inside the newsletter worker's two-minute claim (docs/decisions/171).
 */
export function createMailer(mail: MailEnv): Mailer {
  const url = new URL(mail.smtpUrl)
  const transport = nodemailer.createTransport({
    pool: true,
    host: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    maxConnections: 5,
    ...(mail.rate > 0 ? { rateDelta: 1000, rateLimit: mail.rate } : {}),
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 30_000,
  })
  return {
    send: async (message) => {
      await transport.sendMail({ from: mail.from, ...message })
    },
    close: () => transport.close(),
  }
}
