import { useQuery } from '@tanstack/react-query'
import { CircleCheck, TriangleAlert } from 'lucide-react'
import { useMemo } from 'react'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import type { PostForm } from '#shared/post-draft.ts'
import { postLinks, prePublishChecks } from '#shared/pre-publish.ts'
import { linkCheckQuery } from './editor-queries.ts'

/** Warnings before publishing (never a blocker): what readers and search engines would miss. */
export function PrePublishPanel({ form }: { form: PostForm }) {
  const links = useMemo(() => postLinks(form.content, window.location.origin), [form.content])
  const broken = useQuery({ ...linkCheckQuery(links), placeholderData: (previous) => previous })
  const checks = prePublishChecks(form, links.length ? (broken.data?.broken ?? []) : [])
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Pre-publish checklist</CardTitle>
      </CardHeader>
      <CardContent>
        {checks.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
            All checks passed
          </p>
        ) : (
          <ul className="space-y-2 text-sm" aria-label="Pre-publish warnings" data-testid="pre-publish-checks">
            {checks.map((check) => (
              <li key={check.id} className="flex gap-2 break-words">
                <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning-foreground" aria-hidden="true" />
                <span className="min-w-0">{check.message}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
