import nodemailer from 'nodemailer'
import type { Env } from '../env.ts'

export type OutgoingMail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> }

export type Mailer = { send: (mail: OutgoingMail) => Promise<void>; close: () => void }

type MailEnv = NonNullable<Env['mail']>

/** nodemailer's pooled SMTP transport from SMTP_URL: a few kept connections, at most MAIL_RATE messages a second. */
export function createMailer(mail: MailEnv): Mailer {
  const url = new URL(mail.smtpUrl)
  const transport = nodemailer.createTransport({
    pool: true,
    host: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    maxConnections: 5,
    rateDelta: 1000,
    rateLimit: mail.rate,
  })
  return {
    send: async (message) => {
      await transport.sendMail({ from: mail.from, ...message })
    },
    close: () => transport.close(),
  }
}
