import { SessionsCard } from './sessions-card.tsx'
import { TwoFactorCard } from './two-factor-card.tsx'

/** Settings → Security: two-factor authentication and the list of signed-in sessions. */
export function SecurityTab() {
  return (
    <div className="space-y-6">
      <TwoFactorCard />
      <SessionsCard />
    </div>
  )
}
