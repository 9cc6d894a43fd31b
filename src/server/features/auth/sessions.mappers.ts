import type { SessionInfo } from '#shared/schemas/security.ts'
import type { SessionListRow } from './sessions.repo.ts'
import { describeUserAgent } from './user-agent.ts'

/** A session as its owner sees it: never the token's hash, which only `current` is derived from. */
export function toSessionInfo(row: SessionListRow, currentHash: string): SessionInfo {
  return {
    id: row.public_id ?? '',
    device: describeUserAgent(row.user_agent),
    userAgent: row.user_agent,
    ip: row.ip,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    current: row.id === currentHash,
  }
}
