import { useQuery } from '@tanstack/react-query'
import { BarChart3, FolderPlus, ImagePlus, Plus } from 'lucide-react'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { useAuth } from '../../../lib/auth.tsx'
import { Link } from '../../../lib/router.tsx'
import { paths } from '#shared/paths.ts'
import { DeletePostButton } from '../posts/delete-post-button.tsx'
import { EditPostLink, NewPostButton } from '../posts/post-links.tsx'
import { publicationDate } from '../posts/publication-date.ts'
import { postsQuery, statsQuery } from '../queries.ts'
import { DASHBOARD_TILES, StatCards } from '../stat-cards.tsx'
import { StatusBadge } from '../status-badge.tsx'
import { SubscriberCount } from '../subscribers/subscriber-count.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { FollowerCount } from './follower-count.tsx'
import { PendingComments } from './pending-comments.tsx'

const RECENT = 5

const QUICK_ACTIONS = [
  { href: paths.admin.newPost(), label: 'New Post', icon: Plus },
  { href: paths.admin.categories(), label: 'Add Category', icon: FolderPlus },
  { href: paths.admin.media(), label: 'Upload Media', icon: ImagePlus },
  { href: paths.admin.analytics(), label: 'View Analytics', icon: BarChart3 },
]

function RecentPosts() {
  const { data: posts, isPending } = useQuery(postsQuery({ status: 'all', limit: RECENT }))
  if (isPending)
    return (
      <div className="space-y-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    )
  if (!posts?.length)
    return (
      <div className="py-8 text-center">
        <p className="mb-4 text-muted-foreground">No posts yet</p>
        <Button asChild>
          <Link href={paths.admin.newPost()}>Create Your First Post</Link>
        </Button>
      </div>
    )
  return (
    <ul className="divide-y">
      {posts.slice(0, RECENT).map((post) => (
        <li key={post.id} className="flex items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="truncate font-medium">{post.title}</p>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <StatusBadge status={post.status} />
              <span>{publicationDate(post, 'Draft')}</span>
              <span>{post.readingTime} min read</span>
            </div>
          </div>
          <div className="flex shrink-0 items-center">
            <EditPostLink post={post} />
            <DeletePostButton id={post.id} title={post.title} />
          </div>
        </li>
      ))}
    </ul>
  )
}

export function DashboardPage() {
  useDocumentTitle('Dashboard')
  const { user } = useAuth()
  const stats = useQuery(statsQuery())
  if (!user) return null
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Welcome back, {user.username}!</h1>
          <p className="text-muted-foreground">Here's what's happening with your blog.</p>
        </div>
        <NewPostButton />
      </header>
      <StatCards stats={stats.data} tiles={DASHBOARD_TILES} label="Statistics" />
      <PendingComments count={stats.data?.pendingComments} />
      <SubscriberCount />
      <FollowerCount />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader className="flex flex-row items-center justify-between gap-2">
            <CardTitle>Recent Posts</CardTitle>
            <Button asChild variant="outline" size="sm">
              <Link href={paths.admin.posts()}>View All</Link>
            </Button>
          </CardHeader>
          <CardContent>
            <RecentPosts />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            {QUICK_ACTIONS.map(({ href, label, icon: Icon }) => (
              <Button key={label} asChild variant="outline" className="justify-start">
                <Link href={href}>
                  <Icon aria-hidden="true" />
                  {label}
                </Link>
              </Button>
            ))}
          </CardContent>
        </Card>
      </div>
    </div>
  )
}
