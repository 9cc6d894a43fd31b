import { startSmtpInbox, type SmtpInbox } from '#test/support/smtp-inbox.ts'

// The server sends to SMTP_URL = smtp://127.0.0.1:<E2E_PORT + 1000> (playwright.config.ts).
export const E2E_SMTP_PORT = Number(process.env.E2E_PORT ?? 4321) + 1000

/**
 * This spec file's SMTP server on the one port the browser tests' server sends to. Two spec files that read email
 * may run at once in the two workers: the second waits until the first has closed its server.
 */
export async function startE2eInbox(): Promise<SmtpInbox> {
  const deadline = Date.now() + 170_000
  for (;;) {
    try {
      return await startSmtpInbox(E2E_SMTP_PORT)
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE' || Date.now() > deadline) throw error
      await new Promise((r) => setTimeout(r, 250))
    }
  }
}
