import { Badge } from '../../components/ui/badge.tsx'

/** Spec §4: 'published' is a default badge, any other status secondary. */
export function StatusBadge({ status }: { status: string }) {
  return <Badge variant={status === 'published' ? 'default' : 'secondary'}>{status}</Badge>
}
