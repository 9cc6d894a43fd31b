import { useMemo } from 'react'
import { diffStats, lineDiff } from '#shared/text/line-diff.ts'

const MARK = { same: ' ', added: '+', removed: '−' } as const
const ROW = { same: '', added: 'bg-emerald-500/15', removed: 'bg-destructive/15' } as const

/** The revision's text against the current text, line by line (− in the revision only, + in the current text only). */
export function RevisionDiff({ revision, current }: { revision: string; current: string }) {
  const lines = useMemo(() => lineDiff(revision, current), [revision, current])
  const stats = diffStats(lines)
  if (stats.added === 0 && stats.removed === 0)
    return <p className="text-sm text-muted-foreground">The content is the same as the current text.</p>
  return (
    <div>
      <p className="mb-2 text-sm text-muted-foreground">{`${stats.removed} ${stats.removed === 1 ? 'line' : 'lines'} only in this revision, ${stats.added} only in the current text`}</p>
      <pre
        className="max-h-[50vh] overflow-auto rounded-md border font-mono text-xs leading-relaxed"
        data-testid="revision-diff"
      >
        {lines.map((line, i) => (
          <div key={i} className={`whitespace-pre-wrap break-words px-2 ${ROW[line.kind]}`} data-kind={line.kind}>
            <span aria-hidden="true" className="mr-2 select-none text-muted-foreground">
              {MARK[line.kind]}
            </span>
            {line.kind !== 'same' && <span className="sr-only">{line.kind === 'added' ? 'Added: ' : 'Removed: '}</span>}
            {line.text || ' '}
          </div>
        ))}
      </pre>
    </div>
  )
}
