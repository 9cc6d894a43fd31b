import { BarChart3 } from 'lucide-react'
import { Button } from '../../../components/ui/button.tsx'
import { Link } from '../../../lib/router.tsx'
import { paths } from '#shared/paths.ts'

/** Opens Admin → Analytics filtered to one post (a row of the posts list). */
export function PostAnalyticsLink({ post }: { post: { id: string; title: string } }) {
  return (
    <Button asChild variant="ghost" size="icon">
      <Link
        href={`${paths.admin.analytics()}?post=${encodeURIComponent(post.id)}`}
        aria-label={`Analytics for ${post.title}`}
      >
        <BarChart3 aria-hidden="true" />
      </Link>
    </Button>
  )
}
