import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx'
import { MarkdownPreview } from './markdown-preview.tsx'

type Props = { open: boolean; onOpenChange: (open: boolean) => void; title: string; content: string }

/** The post as it stands in the editor, saved or not, with the reader site's renderer. */
export function EditorPreviewDialog({ open, onOpenChange, title, content }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle className="text-3xl font-bold">{title.trim() || 'Untitled'}</DialogTitle>
          <DialogDescription>The text in the editor, as readers will see it once saved.</DialogDescription>
        </DialogHeader>
        <MarkdownPreview content={content} />
      </DialogContent>
    </Dialog>
  )
}
