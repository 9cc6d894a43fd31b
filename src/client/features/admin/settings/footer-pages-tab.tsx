import { useQuery } from '@tanstack/react-query'
import { ExternalLink, Pencil, Plus } from 'lucide-react'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { Link } from '../../../lib/router.tsx'
import { paths } from '#shared/paths.ts'
import { footerPagesQuery } from '../queries.ts'

export function FooterPagesTab() {
  const pages = useQuery(footerPagesQuery())
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="space-y-1.5">
          <CardTitle>Footer Pages</CardTitle>
          <CardDescription>
            Your pages (about, contact, legal). Active pages are public and listed in the footer; drafts are hidden.
          </CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link href={paths.admin.newFooterPage()}>
            <Plus aria-hidden="true" />
            New Page
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {pages.isPending ? (
          <Skeleton className="h-40" />
        ) : pages.isError ? (
          <p className="text-destructive">{pages.error.message}</p>
        ) : (
          <ul className="divide-y rounded-md border">
            {pages.data.map((page) => (
              <li key={page.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {page.title}
                    {!page.isActive && <Badge variant="secondary">Draft</Badge>}
                  </p>
                  <p className="text-sm text-muted-foreground">/{page.slug}</p>
                </div>
                <div className="flex gap-2">
                  <Button asChild variant="outline" size="sm">
                    <a
                      href={paths.footerPage(page.slug)}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={`View ${page.title}`}
                    >
                      <ExternalLink aria-hidden="true" />
                      View
                    </a>
                  </Button>
                  <Button asChild size="sm">
                    <Link href={paths.admin.editFooterPage(page.id)} aria-label={`Edit ${page.title}`}>
                      <Pencil aria-hidden="true" />
                      Edit
                    </Link>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
