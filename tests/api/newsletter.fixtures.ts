// Test fixtures for the newsletter tests (not loaded by the app).
import type { SubscriberRow } from '#server/db/schema.ts'
import type { TestApp } from '#test/support/test-app.ts'

/** Subscribers are another feature's rows: tests insert them directly, with the status a test needs. */
export async function insertSubscribers(
  t: Pick<TestApp, 'app'>,
  emails: string[],
  status: SubscriberRow['status'] = 'subscribed',
): Promise<string[]> {
  const at = new Date().toISOString()
  const rows = emails.map((email) => ({
    id: crypto.randomUUID(),
    email: email.toLowerCase(),
    status,
    confirm_token_hash: null,
    confirm_expires_at: null,
    confirm_sent_at: null,
    confirmed_at: status === 'subscribed' ? at : null,
    unsubscribed_at: status === 'unsubscribed' ? at : null,
    created_at: at,
    updated_at: at,
  }))
  for (let i = 0; i < rows.length; i += 500)
    await t.app.ctx.db
      .insertInto('subscribers')
      .values(rows.slice(i, i + 500))
      .execute()
  return rows.map((r) => r.id)
}
