import { useCallback, useState } from 'react'
import { MAX_UPLOAD_BYTES, type UploadResponse } from '#shared/schemas/site.ts'
import { toast } from '../../../lib/toast.tsx'
import { errorText } from '../queries.ts'
import { uploadImage } from './upload-image.ts'

export type UploadInProgress = { id: number; name: string; progress: number }

let nextId = 1

/**
 * Several uploads at once, each with its progress. `onAccepted` runs only for a file the server accepted; a refusal
 * shows the server's reason in a toast and changes nothing else. A file over the limit is refused before it is sent.
 */
export function useImageUploads() {
  const [uploads, setUploads] = useState<UploadInProgress[]>([])

  const start = useCallback(
    (
      files: Iterable<File>,
      onAccepted: (response: UploadResponse, file: File) => void,
      onSettled: (file: File) => void = () => {},
    ) => {
      for (const file of files) {
        if (file.size > MAX_UPLOAD_BYTES) {
          toast({
            title: 'Upload failed',
            description: `${file.name}: Images must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
            variant: 'destructive',
          })
          onSettled(file)
          continue
        }
        const id = nextId++
        const setProgress = (progress: number) =>
          setUploads((all) => all.map((u) => (u.id === id ? { ...u, progress } : u)))
        setUploads((all) => [...all, { id, name: file.name || 'pasted image', progress: 0 }])
        uploadImage(file, setProgress)
          .then((response) => onAccepted(response, file))
          .catch((err: unknown) =>
            toast({
              title: 'Upload failed',
              description: `${file.name || 'Image'}: ${errorText(err)}`,
              variant: 'destructive',
            }),
          )
          .finally(() => {
            setUploads((all) => all.filter((u) => u.id !== id))
            onSettled(file)
          })
      }
    },
    [],
  )

  return { uploads, start }
}
