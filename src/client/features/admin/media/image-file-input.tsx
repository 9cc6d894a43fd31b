import type { Ref } from 'react'
import { UPLOAD_MIME_TYPES } from '#shared/schemas/site.ts'

/** The hidden picker for one or more images; a visible button opens it through `ref`. Picking the same file again works. */
export function ImageFileInput({
  ref,
  onFiles,
  testId,
}: {
  ref: Ref<HTMLInputElement>
  onFiles: (files: File[]) => void
  testId: string
}) {
  return (
    <input
      ref={ref}
      type="file"
      multiple
      accept={UPLOAD_MIME_TYPES.join(',')}
      className="hidden"
      data-testid={testId}
      onChange={(e) => {
        onFiles([...(e.target.files ?? [])])
        e.target.value = ''
      }}
    />
  )
}
