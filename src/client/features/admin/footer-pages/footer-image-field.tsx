import { ImagePlus, X } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { toast } from '../../../lib/toast.tsx'
import { UPLOAD_MIME_TYPES } from '#shared/schemas/site.ts'
import { uploadImage } from '../media/upload-image.ts'
import { errorText } from '../queries.ts'

/** Spec §9: footer-page images must be under 5MB. */
export const FOOTER_IMAGE_MAX_BYTES = 5 * 1024 * 1024

/** Featured image for a footer page: uploaded through the upload endpoint; the page keeps the returned URL. */
export function FooterImageField({ url, onChange }: { url: string; onChange: (url: string) => void }) {
  const inputRef = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)

  const onFile = async (file: File | undefined) => {
    if (!file) return
    if (file.size > FOOTER_IMAGE_MAX_BYTES) {
      toast({ title: 'File too large', description: 'Please select an image under 5MB.', variant: 'destructive' })
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
      <Label htmlFor="footer-image">Featured Image</Label>
      {url && (
        <div className="relative w-fit">
          <img src={url} alt="Featured image preview" className="max-h-48 rounded-md border object-cover" />
          <Button
            variant="destructive"
            size="icon"
            className="absolute right-2 top-2 size-8"
            aria-label="Remove image"
            onClick={() => onChange('')}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      )}
      <div className="flex items-center gap-3">
        <Button variant="outline" disabled={uploading} onClick={() => inputRef.current?.click()}>
          <ImagePlus aria-hidden="true" />
          {uploading ? 'Uploading...' : url ? 'Change Image' : 'Upload Image'}
        </Button>
        <span className="text-xs text-muted-foreground">JPG or PNG, under 5MB</span>
      </div>
      <input
        ref={inputRef}
        id="footer-image"
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
