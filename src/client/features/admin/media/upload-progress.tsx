import type { UploadInProgress } from './use-image-uploads.ts'

/** One progress bar per upload; once every byte is sent, the server is still making the variants. */
export function UploadProgressList({ uploads }: { uploads: UploadInProgress[] }) {
  if (uploads.length === 0) return null
  return (
    <ul aria-label="Uploads in progress" className="space-y-2">
      {uploads.map((u) => {
        const percent = Math.round(u.progress * 100)
        return (
          <li key={u.id} className="space-y-1 text-xs">
            <div className="flex justify-between gap-2">
              <span className="truncate">{u.name}</span>
              <span className="shrink-0 text-muted-foreground">{percent < 100 ? `${percent}%` : 'Processing…'}</span>
            </div>
            <div
              role="progressbar"
              aria-label={`Uploading ${u.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1.5 overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
            </div>
          </li>
        )
      })}
    </ul>
  )
}
