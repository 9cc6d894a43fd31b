import { escapeHtml } from '#shared/text/escape-html.ts'
import { listUnsubscribeHeaders, type OutgoingMail } from '../../mail/mailer.ts'

/**
 * The one email an unconfirmed address ever gets: the link that confirms it, and (RFC 8058 headers and a visible
 * link) a way to stop it for whoever did not ask. No tracking, no rewritten links.
 */
export function confirmationEmail(
  siteName: string,
  to: string,
  confirmUrl: string,
  unsubscribeUrl: string,
): OutgoingMail {
  const subject = `Confirm your subscription to ${siteName}`
  const text = [
    `Someone (hopefully you) asked to get new posts from ${siteName} by email.`,
    '',
    `To confirm, open this link within 7 days:`,
    confirmUrl,
    '',
    'If it was not you, ignore this email: nothing more will be sent.',
    `Unsubscribe: ${unsubscribeUrl}`,
  ].join('\n')
  const link = escapeHtml(confirmUrl)
  const html = `<!doctype html><html><body><p>Someone (hopefully you) asked to get new posts from ${escapeHtml(siteName)} by email.</p><p><a href="${link}">Confirm your subscription</a> (the link works for 7 days).</p><p>If it was not you, ignore this email: nothing more will be sent. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p></body></html>`
  return { to, subject, text, html, headers: listUnsubscribeHeaders(unsubscribeUrl) }
}
