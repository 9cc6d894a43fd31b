import { useQuery } from '@tanstack/react-query'
import { Eye } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { formatViews } from '#shared/text/format.ts'
import { publicationDate } from '../posts/publication-date.ts'
import { postsQuery, statsQuery } from '../queries.ts'
import { DASHBOARD_TILES, OVERVIEW_TILES, StatCards } from '../stat-cards.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { AnalyticsBreakdown } from './analytics-breakdown.tsx'
import { TrafficSpikes } from './traffic-spikes.tsx'

const TOP = 10

function TopPosts() {
  const posts = useQuery(postsQuery({ status: 'all', sort: 'popular', limit: TOP }))
  if (posts.isPending)
    return (
      <div className="space-y-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </div>
    )
  if (posts.isError) return <p className="text-sm text-destructive">{posts.error.message}</p>
  const top = [...posts.data].sort((a, b) => b.views - a.views).slice(0, TOP)
  if (top.length === 0) return <p className="py-8 text-center text-muted-foreground">No posts available</p>
  return (
    <ol className="divide-y" aria-label="Top Performing Posts">
      {top.map((post, i) => (
        <li key={post.id} className="flex items-center gap-4 py-3" data-testid="top-post">
          <span
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-sm font-bold"
            aria-label={`Rank ${i + 1}`}
          >
            {i + 1}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{post.title}</p>
            <p className="text-xs text-muted-foreground">
              {publicationDate(post, 'Draft')} · {post.readingTime} min read
            </p>
          </div>
          <span className="inline-flex shrink-0 items-center gap-1 text-sm font-medium">
            <Eye className="size-4 text-muted-foreground" aria-hidden="true" />
            {formatViews(post.views)}
          </span>
        </li>
      ))}
    </ol>
  )
}

export function AnalyticsPage() {
  useDocumentTitle('Analytics')
  const stats = useQuery(statsQuery())
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold">Analytics</h1>
        <p className="text-muted-foreground">How your content is performing</p>
      </header>
      <TrafficSpikes />
      <AnalyticsBreakdown />
      <StatCards stats={stats.data} tiles={DASHBOARD_TILES} label="Summary" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Top Performing Posts</CardTitle>
          </CardHeader>
          <CardContent>
            <TopPosts />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Content Overview</CardTitle>
          </CardHeader>
          <CardContent>
            <section aria-label="Content Overview">
              <dl className="grid grid-cols-2 gap-3">
                {OVERVIEW_TILES.map(({ label, value, icon: Icon }) => (
                  <div key={label} className="rounded-md bg-muted p-4">
                    <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
                      <Icon className="size-3.5" aria-hidden="true" />
                      {label}
                    </dt>
                    <dd className="mt-1 text-2xl font-bold">{stats.data ? value(stats.data) : '–'}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </CardContent>
        </Card>
      </div>
    </div>
  )
}
