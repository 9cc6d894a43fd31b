import { useEffect, useRef } from 'react'
import { countOfKind, kindName, type ImportKind, type ImportReport } from '#shared/schemas/backup.ts'
import { plural } from '#shared/text/format.ts'
import { cn } from '../../../lib/cn.ts'

/** One list of the report: the server names at most its first items, the count covers all. */
function ReportList({
  heading,
  count,
  items,
  className,
}: {
  heading: string
  count: number
  items: string[]
  className?: string
}) {
  if (count === 0) return null
  return (
    <div>
      <p className="font-medium">{heading}</p>
      <ul className={cn('list-disc pl-5', className)}>
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
      {items.length < count && <p className="text-muted-foreground">{`and ${count - items.length} more`}</p>}
    </div>
  )
}

/** What an import did (or, in a dry run, would do). Takes the focus when it appears: the import's answer. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const section = useRef<HTMLElement>(null)
  useEffect(() => section.current?.focus(), [])
  const created = (Object.entries(report.created) as Array<[ImportKind, number]>).filter(([, n]) => n > 0)
  return (
    <section
      ref={section}
      tabIndex={-1}
      aria-label="Import report"
      className="space-y-3 rounded-md border p-4 text-sm focus:outline-none"
    >
      <h3 className="font-semibold">
        {report.dryRun ? 'Dry run: nothing was written' : 'Import finished'} ({report.format})
      </h3>
      <p>
        {created.length ? created.map(([kind, n]) => countOfKind(kind, n)).join(', ') : 'Nothing new'}
        {report.dryRun ? ' would be created.' : ' created.'}
      </p>
      <ReportList
        heading={`Skipped ${report.skippedCount} (${report.conflicts} ${plural(report.conflicts, 'conflict')})`}
        count={report.skippedCount}
        items={report.skipped.map((s) => `${kindName(s.kind)} “${s.item}”: ${s.reason}`)}
      />
      <ReportList
        heading={`Images not found (${report.missingImageCount})`}
        count={report.missingImageCount}
        items={report.missingImages}
        className="break-all"
      />
      <ReportList heading={`Warnings (${report.warningCount})`} count={report.warningCount} items={report.warnings} />
    </section>
  )
}
