import { escapeHtml } from '#shared/text/escape-html.ts'
import { listUnsubscribeHeaders, type OutgoingMail } from '../../mail/mailer.ts'

/** What every copy of one post's email shares; only the address, the unsubscribe link and the Message-ID differ. */
export type PostEmail = {
  siteName: string
  title: string
  /** The post's rendered HTML with absolute links and image URLs. */
  html: string
  /** The post's markdown: readable as it is in a plain-text part. */
  text: string
  postUrl: string
}

/** The "read it on the site" link is the one link tagged, so analytics counts the visit as the newsletter's. */
export const readOnSiteUrl = (postUrl: string) => `${postUrl}?utm_source=newsletter`

/**
 * A post as an email: subject = title; HTML with the title, the post and a link to read it on the site; the
 * same as plain text; a visible unsubscribe link and the RFC 8058 headers. No tracking pixel, no rewritten links.
 */
export function newsletterEmail(post: PostEmail, to: string, unsubscribeUrl: string, messageId: string): OutgoingMail {
  const read = readOnSiteUrl(post.postUrl)
  const text = [
    post.title,
    '',
    post.text,
    '',
    `Read it on the site: ${read}`,
    '',
    `You get new posts from ${post.siteName} because you subscribed.`,
    `Unsubscribe: ${unsubscribeUrl}`,
  ].join('\n')
  const html = [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<title>${escapeHtml(post.title)}</title></head>`,
    '<body style="margin:0 auto;max-width:40em;padding:1em;font-family:Georgia,serif;line-height:1.6">',
    `<h1 style="line-height:1.2"><a href="${escapeHtml(post.postUrl)}" style="color:inherit">${escapeHtml(post.title)}</a></h1>`,
    post.html,
    `<p><a href="${escapeHtml(read)}">Read it on the site</a></p>`,
    '<hr><p style="font-size:0.85em;color:#555">',
    `You get new posts from ${escapeHtml(post.siteName)} because you subscribed. `,
    `<a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>`,
    '</body></html>',
  ].join('')
  return {
    to,
    subject: post.title,
    text,
    html,
    messageId,
    headers: listUnsubscribeHeaders(unsubscribeUrl),
  }
}
