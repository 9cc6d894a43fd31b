import { escapeHtml } from '#shared/text/escape-html.ts'
import type { OutgoingMail } from '../../mail/mailer.ts'

/** The reset link, for the owner who asked for it; whoever did not ask can ignore it safely. */
export function passwordResetEmail(siteName: string, to: string, username: string, resetUrl: string): OutgoingMail {
  const subject = `Reset your password for ${siteName}`
  const text = [
    `Someone (hopefully you) asked to reset the password of the account "${username}" on ${siteName}.`,
    '',
    'To choose a new password, open this link within 1 hour (it works once):',
    resetUrl,
    '',
    'If it was not you, ignore this email: your password stays as it is.',
  ].join('\n')
  const html = `<!doctype html><html><body><p>Someone (hopefully you) asked to reset the password of the account “${escapeHtml(username)}” on ${escapeHtml(siteName)}.</p><p><a href="${escapeHtml(resetUrl)}">Choose a new password</a> (the link works once, for 1 hour).</p><p>If it was not you, ignore this email: your password stays as it is.</p></body></html>`
  return { to, subject, text, html }
}
