import { Bold, Code, Eye, ImagePlus, Italic, Link2, List, ListOrdered, Pencil, type LucideIcon } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Textarea } from '../../../components/ui/textarea.tsx'
import { toast } from '../../../lib/toast.tsx'
import { UPLOAD_MIME_TYPES } from '#shared/schemas/site.ts'
import { errorText, uploadImage } from '../queries.ts'
import { imageMarkdown, insertAt, insertLink, prefixLines, UPLOAD_FAILED, uploadPlaceholder, wrapSelection, type Edit } from './markdown-actions.ts'
import { MarkdownPreview } from './markdown-preview.tsx'

type Props = {
  id: string
  value: string
  onChange: (update: (current: string) => string) => void
  invalid?: boolean
  describedBy?: string
}

type Tool = { label: string; icon: LucideIcon; apply: (text: string, start: number, end: number) => Edit }

const TOOLS: Tool[] = [
  { label: 'Bold', icon: Bold, apply: (t, s, e) => wrapSelection(t, s, e, '**', 'bold text') },
  { label: 'Italic', icon: Italic, apply: (t, s, e) => wrapSelection(t, s, e, '*', 'italic text') },
  { label: 'Inline code', icon: Code, apply: (t, s, e) => wrapSelection(t, s, e, '`', 'code') },
  { label: 'Bulleted list', icon: List, apply: (t, s, e) => prefixLines(t, s, e, 'bullet') },
  { label: 'Numbered list', icon: ListOrdered, apply: (t, s, e) => prefixLines(t, s, e, 'number') },
  { label: 'Link', icon: Link2, apply: insertLink },
]

let uploadCounter = 0

/** Markdown textarea with the spec's toolbar, image upload at the cursor and an Edit/Preview toggle. */
export function MarkdownEditor({ id, value, onChange, invalid, describedBy }: Props) {
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const [preview, setPreview] = useState(false)

  const applyEdit = (make: (text: string, start: number, end: number) => Edit) => {
    const el = textareaRef.current
    if (!el) return
    const edit = make(el.value, el.selectionStart, el.selectionEnd)
    onChange(() => edit.text)
    requestAnimationFrame(() => {
      el.focus()
      el.setSelectionRange(edit.start, edit.end)
    })
  }

  const onFile = async (file: File | undefined) => {
    if (!file) return
    if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) {
      toast({ title: 'Upload failed', description: 'Please choose a JPEG, PNG, GIF or WebP image.', variant: 'destructive' })
      return
    }
    const placeholder = uploadPlaceholder(String(++uploadCounter), file.name)
    applyEdit((text, start, end) => insertAt(text, start, end, placeholder))
    try {
      const url = await uploadImage(file)
      onChange((current) => current.replace(placeholder, imageMarkdown(file.name, url)))
    } catch (err) {
      onChange((current) => current.replace(placeholder, UPLOAD_FAILED))
      toast({ title: 'Upload failed', description: errorText(err), variant: 'destructive' })
    }
  }

  return (
    <div className="rounded-md border">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-1 border-b bg-muted/50 p-1">
        {TOOLS.map(({ label, icon: Icon, apply }) => (
          <Button key={label} variant="ghost" size="sm" className="size-9 p-0" aria-label={label} title={label} disabled={preview} onClick={() => applyEdit(apply)}>
            <Icon aria-hidden="true" />
          </Button>
        ))}
        <Button variant="ghost" size="sm" className="size-9 p-0" aria-label="Upload image" title="Upload image" disabled={preview} onClick={() => fileRef.current?.click()}>
          <ImagePlus aria-hidden="true" />
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept={UPLOAD_MIME_TYPES.join(',')}
          className="hidden"
          data-testid="editor-image-input"
          onChange={(e) => {
            void onFile(e.target.files?.[0])
            e.target.value = ''
          }}
        />
        <div className="ml-auto flex gap-1">
          <Button variant={preview ? 'ghost' : 'secondary'} size="sm" aria-pressed={!preview} onClick={() => setPreview(false)}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button variant={preview ? 'secondary' : 'ghost'} size="sm" aria-pressed={preview} onClick={() => setPreview(true)}>
            <Eye aria-hidden="true" />
            Preview
          </Button>
        </div>
      </div>
      {preview ? (
        <div className="min-h-[400px] p-4">
          <MarkdownPreview content={value} />
        </div>
      ) : (
        <Textarea
          ref={textareaRef}
          id={id}
          value={value}
          onChange={(e) => {
            const next = e.target.value
            onChange(() => next)
          }}
          rows={20}
          placeholder="Write your post in markdown..."
          className="min-h-[400px] rounded-none border-0 font-mono text-sm focus-visible:outline-offset-0"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </div>
  )
}
