import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { ALT_PROMPT } from './editor-text.ts'

type Props = {
  /** The uploaded image waiting for a description, or null. */
  image: { url: string; name: string } | null
  onDone: (alt: string) => void
}

/** Asked after an upload the library knows no words for: the image goes in with the alt text given here. */
export function AltTextPrompt({ image, onDone }: Props) {
  const [alt, setAlt] = useState('')
  const finish = (text: string) => {
    setAlt('')
    onDone(text)
  }
  return (
    <Dialog open={image !== null} onOpenChange={(open) => !open && finish('')}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault()
            finish(alt.trim())
          }}
        >
          <DialogHeader>
            <DialogTitle>{ALT_PROMPT.title}</DialogTitle>
            <DialogDescription>{ALT_PROMPT.description(image?.name ?? '')}</DialogDescription>
          </DialogHeader>
          {image && <img src={image.url} alt="" className="max-h-40 w-auto rounded-md border object-contain" />}
          <div className="grid gap-2">
            <Label htmlFor="upload-alt-text">Alt text</Label>
            <Input id="upload-alt-text" value={alt} maxLength={300} onChange={(e) => setAlt(e.target.value)} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => finish('')}>
              Skip
            </Button>
            <Button type="submit" disabled={!alt.trim()}>
              Add alt text
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
