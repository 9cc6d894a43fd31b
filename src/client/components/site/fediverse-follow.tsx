import { useState } from 'react'
import { useQuery } from '../../lib/page-query.ts'
import { fediverseQuery } from '../../features/site/queries.ts'

const COPIED_MS = 2000

/**
 * "Follow on the fediverse: @blog@example.com" with a copy button, only while federation is on. The account is
 * plain text (selectable without script); the button copies it and says "Copied" in a status screen readers hear.
 */
export function FediverseFollow() {
  const account = useQuery(fediverseQuery()).data?.account ?? null
  const [copied, setCopied] = useState(false)
  if (!account) return null
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(account)
      setCopied(true)
      setTimeout(() => setCopied(false), COPIED_MS)
    } catch {
      setCopied(false) // no clipboard (an insecure page, a refusal): the account stays there to select
    }
  }
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
      <span>
        Follow on the fediverse: <span className="font-medium text-foreground break-all">{account}</span>
      </span>
      <button
        type="button"
        onClick={copy}
        aria-label={`Copy ${account}`}
        className="rounded-md border px-2 py-0.5 text-xs font-medium text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        Copy
      </button>
      <span role="status" className="text-xs">
        {copied ? 'Copied' : ''}
      </span>
    </p>
  )
}
