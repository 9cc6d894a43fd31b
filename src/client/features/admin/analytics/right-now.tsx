import { useQuery } from '@tanstack/react-query'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { plural } from '#shared/text/format.ts'
import { rightNowQuery } from '../queries.ts'

/** Readers of the last five minutes and what they read; the query refreshes itself every 15 s. */
export function RightNow() {
  const query = useQuery(rightNowQuery())
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <span className="size-2 rounded-full bg-primary motion-safe:animate-pulse" aria-hidden="true" />
          Right now
        </CardTitle>
      </CardHeader>
      <CardContent>
        <section aria-label="Right now" aria-live="polite" data-testid="right-now">
          {query.isError ? (
            <p className="text-sm text-destructive">{query.error.message}</p>
          ) : (
            <>
              <p>
                <strong className="text-2xl font-bold">{query.data?.readers ?? '–'}</strong>{' '}
                <span className="text-sm text-muted-foreground">
                  {query.data ? plural(query.data.readers, 'reader') : 'readers'} in the last 5 minutes
                </span>
              </p>
              {query.data && query.data.posts.length > 0 && (
                <ul className="mt-3 space-y-1 text-sm">
                  {query.data.posts.map((post) => (
                    <li key={post.postId} className="flex justify-between gap-2">
                      <span className="truncate">{post.title}</span>
                      <span className="shrink-0 tabular-nums text-muted-foreground">{post.readers}</span>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </section>
      </CardContent>
    </Card>
  )
}
