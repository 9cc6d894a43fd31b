import { useState } from 'react'
import { useQuery } from '../../lib/page-query.ts'
import { fediverseQuery } from '../../features/site/queries.ts'

/**
 * "Follow on the fediverse: @blog@example.com" with a copy button, only while federation is on. The account is
 * plain text (selectable without script); the button copies it and says "Copied" in a status screen readers hear.
 * Kept this small on purpose: it is in every reader page's bundle (tests/e2e/reader-budget.spec.ts).
 */
export function FediverseFollow() {
  const account = useQuery(fediverseQuery()).data?.account
  const [copied, setCopied] = useState(false)
  if (!account) return null
  // Without a clipboard (refused, an insecure page) nothing happens: the account is there to select.
  const copy = () =>
    navigator.clipboard.writeText(account).then(() => {
      setCopied(true)
      setTimeout(setCopied, 2000, false)
    }, Boolean)
  return (
    <p className="text-sm text-muted-foreground">
      Follow on the fediverse: {/* Moves to its own line as a whole; broken only when longer than the line. */}
      <span className="inline-block max-w-full font-medium text-foreground [overflow-wrap:anywhere]">
        {account}
      </span>{' '}
      <button
        type="button"
        onClick={copy}
        aria-label={`Copy ${account}`}
        className="min-h-6 rounded-md border px-2 text-xs"
      >
        Copy
      </button>{' '}
      <span role="status">{copied && 'Copied'}</span>
    </p>
  )
}
