import { Eye, FileText, FolderOpen, PenLine, type LucideIcon } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import type { Stats } from '#shared/schemas/engagement.ts'
import { formatViews } from '#shared/text/format.ts'

type Tile = { label: string; value: (s: Stats) => string; icon: LucideIcon }

export const DASHBOARD_TILES: Tile[] = [
  { label: 'Total Posts', value: (s) => String(s.totalPosts), icon: FileText },
  { label: 'Total Views', value: (s) => formatViews(s.totalViews), icon: Eye },
  { label: 'Categories', value: (s) => String(s.totalCategories), icon: FolderOpen },
  { label: 'Drafts', value: (s) => String(s.drafts), icon: PenLine },
]

export const OVERVIEW_TILES: Tile[] = [
  { label: 'Total Content', value: (s) => String(s.totalPosts), icon: FileText },
  { label: 'Total Views', value: (s) => formatViews(s.totalViews), icon: Eye },
  { label: 'Categories', value: (s) => String(s.totalCategories), icon: FolderOpen },
  { label: 'Drafts', value: (s) => String(s.drafts), icon: PenLine },
]

export function StatCards({ stats, tiles, label }: { stats: Stats | undefined; tiles: Tile[]; label: string }) {
  return (
    <section aria-label={label} className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {tiles.map(({ label: tileLabel, value, icon: Icon }) => (
        <Card key={tileLabel}>
          <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
            <CardTitle className="text-sm font-medium text-muted-foreground">{tileLabel}</CardTitle>
            <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          </CardHeader>
          <CardContent>
            {stats ? (
              <p className="text-2xl font-bold" data-testid={`stat-${tileLabel}`}>
                {value(stats)}
              </p>
            ) : (
              <Skeleton className="h-8 w-16" />
            )}
          </CardContent>
        </Card>
      ))}
    </section>
  )
}
