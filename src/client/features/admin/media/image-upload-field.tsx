import { ImagePlus, X } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { toast } from '../../../lib/toast.tsx'
import { UPLOAD_MIME_TYPES } from '#shared/schemas/site.ts'
import { errorText } from '../queries.ts'
import { uploadImage } from './upload-image.ts'

type Props = {
  id: string
  label: string
  url: string
  onChange: (url: string) => void
  /** Under the button: the formats and size the field asks for. */
  hint: string
  maxBytes: number
  /** The too-large toast's words, e.g. 'Please select an image under 5MB.' */
  tooLarge: string
  previewClassName?: string
}

/** One picture uploaded through the upload endpoint (so it gets its variants); the form keeps the returned URL. */
export function ImageUploadField({ id, label, url, onChange, hint, maxBytes, tooLarge, previewClassName }: Props) {
  const inputRef = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)

  const onFile = async (file: File | undefined) => {
    if (!file) return
    if (file.size > maxBytes) {
      toast({ title: 'File too large', description: tooLarge, variant: 'destructive' })
      return
    }
    setUploading(true)
    try {
      onChange((await uploadImage(file)).url)
    } catch (err) {
      toast({ title: 'Upload failed', description: errorText(err), variant: 'destructive' })
    } finally {
      setUploading(false)
    }
  }

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {url && (
        <img
          src={url}
          alt={`${label} preview`}
          className={previewClassName ?? 'max-h-48 rounded-md border object-cover'}
        />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" disabled={uploading} onClick={() => inputRef.current?.click()}>
          <ImagePlus aria-hidden="true" />
          {uploading ? 'Uploading...' : url ? 'Change Image' : 'Upload Image'}
        </Button>
        {url && (
          <Button variant="outline" aria-label={`Remove ${label.toLowerCase()}`} onClick={() => onChange('')}>
            <X aria-hidden="true" />
            Remove
          </Button>
        )}
        <span className="text-xs text-muted-foreground">{hint}</span>
      </div>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={UPLOAD_MIME_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          void onFile(e.target.files?.[0])
          e.target.value = ''
        }}
      />
    </div>
  )
}
