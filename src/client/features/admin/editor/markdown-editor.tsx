import {
  Bold,
  Code,
  Columns2,
  Eye,
  Heading2,
  ImagePlus,
  Images,
  Italic,
  Link2,
  List,
  ListOrdered,
  Pencil,
  Quote,
  SquareCode,
  type LucideIcon,
} from 'lucide-react'
import {
  useDeferredValue,
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
} from 'react'
import { readingTime, wordCount } from '#shared/text/reading-time.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Textarea } from '../../../components/ui/textarea.tsx'
import { cn } from '../../../lib/cn.ts'
import { ImageFileInput } from '../media/image-file-input.tsx'
import { MediaPicker } from '../media/media-picker.tsx'
import { UploadProgressList } from '../media/upload-progress.tsx'
import { useImageUploads } from '../media/use-image-uploads.ts'
import {
  codeBlock,
  imageMarkdown,
  insertImage,
  insertLink,
  prefixLines,
  shiftAnchor,
  wrapSelection,
  type Edit,
} from './markdown-actions.ts'
import { MarkdownPreview } from './markdown-preview.tsx'
import { AltTextPrompt } from './alt-text-prompt.tsx'
import { replaceImageAlt } from '#shared/markdown/image-alt.ts'

type Props = {
  id: string
  value: string
  onChange: (update: (current: string) => string) => void
  invalid?: boolean
  describedBy?: string
  /** Edit and preview side by side (offered on wide screens). */
  split?: boolean
  onSplitChange?: (split: boolean) => void
}

type Tool = { label: string; icon: LucideIcon; apply: (text: string, start: number, end: number) => Edit; key?: string }

const TOOLS: Tool[] = [
  { label: 'Bold', icon: Bold, apply: (t, s, e) => wrapSelection(t, s, e, '**', 'bold text'), key: 'b' },
  { label: 'Italic', icon: Italic, apply: (t, s, e) => wrapSelection(t, s, e, '*', 'italic text'), key: 'i' },
  { label: 'Inline code', icon: Code, apply: (t, s, e) => wrapSelection(t, s, e, '`', 'code') },
  { label: 'Bulleted list', icon: List, apply: (t, s, e) => prefixLines(t, s, e, 'bullet') },
  { label: 'Numbered list', icon: ListOrdered, apply: (t, s, e) => prefixLines(t, s, e, 'number') },
  { label: 'Link', icon: Link2, apply: insertLink, key: 'k' },
  { label: 'Heading', icon: Heading2, apply: (t, s, e) => prefixLines(t, s, e, 'heading') },
  { label: 'Quote', icon: Quote, apply: (t, s, e) => prefixLines(t, s, e, 'quote') },
  { label: 'Code block', icon: SquareCode, apply: codeBlock },
]
const SHORTCUTS = new Map(TOOLS.filter((t) => t.key).map((t) => [t.key, t]))
const shortcutHint = (key: string | undefined) => (key ? ` (Ctrl+${key.toUpperCase()})` : '')

const hasFiles = (types: readonly string[]) => types.includes('Files')

/**
 * Markdown textarea with the spec's toolbar, an Edit/Preview toggle, and images: paste, drop or pick files (several
 * at once) or choose from the library. An upload lands where the cursor was when it started, and only once the
 * server accepted it; a refusal leaves the text as it is.
 */
export function MarkdownEditor({ id, value, onChange, invalid, describedBy, split = false, onSplitChange }: Props) {
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const [preview, setPreview] = useState(false)
  const showPreviewOnly = preview && !split
  const words = wordCount(value)
  // The preview renders a step behind the typing, so a long post keeps each keystroke quick.
  const previewText = useDeferredValue(value)
  const setMode = (previewOnly: boolean, sideBySide: boolean) => {
    setPreview(previewOnly)
    if (onSplitChange && sideBySide !== split) onSplitChange(sideBySide)
  }
  const [dragging, setDragging] = useState(false)
  const [libraryOpen, setLibraryOpen] = useState(false)
  const { uploads, start } = useImageUploads()
  // Uploads the library has no alt text for, asked about one at a time.
  const [asking, setAsking] = useState<{ url: string; name: string }[]>([])
  // Where each pending upload goes, kept in step with edits made while it uploads.
  const anchors = useRef(new Map<number, number>())
  const lastValue = useRef(value)
  useEffect(() => {
    for (const [key, at] of anchors.current) anchors.current.set(key, shiftAnchor(lastValue.current, value, at))
    lastValue.current = value
  }, [value])

  const cursor = () => textareaRef.current?.selectionEnd ?? value.length

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

  // Ctrl/Cmd+B, I and K: bold, italic, link (the browser's own meaning of these keys does nothing useful here).
  const onShortcut = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return
    const tool = SHORTCUTS.get(event.key.toLowerCase())
    if (!tool) return
    event.preventDefault()
    applyEdit(tool.apply)
  }

  const nextAnchor = useRef(1)
  const upload = (files: File[]) => {
    const at = cursor()
    for (const file of files) {
      const key = nextAnchor.current++
      anchors.current.set(key, at)
      start(
        [file],
        (response) => {
          if (!response.alt.trim()) setAsking((queue) => [...queue, { url: response.url, name: file.name }])
          const markdown = imageMarkdown(response.alt, response.url)
          // The anchor is relative to the last rendered text; edits still pending move it once more.
          const base = lastValue.current
          const anchor = anchors.current.get(key) ?? base.length
          onChange(
            (current) =>
              insertImage(current, Math.min(shiftAnchor(base, current, anchor), current.length), markdown).text,
          )
        },
        () => anchors.current.delete(key),
      )
    }
  }

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...e.clipboardData.files].filter((f) => f.type.startsWith('image/'))
    // Text copied from a document may carry a picture of itself too: then the text is what was meant.
    if (files.length === 0 || e.clipboardData.getData('text/plain')) return
    e.preventDefault()
    upload(files)
  }

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    setDragging(false)
    if (!hasFiles(e.dataTransfer.types)) return
    e.preventDefault()
    upload([...e.dataTransfer.files])
  }

  return (
    <div
      className={cn('rounded-md border', dragging && 'border-primary ring-2 ring-primary/40')}
      onDragOver={(e) => {
        if (!hasFiles(e.dataTransfer.types)) return
        e.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap items-center gap-1 border-b bg-muted/50 p-1"
      >
        {TOOLS.map(({ label, icon: Icon, apply, key }) => (
          <Button
            key={label}
            variant="ghost"
            size="sm"
            className="size-9 p-0"
            aria-label={label}
            aria-keyshortcuts={key ? `Control+${key.toUpperCase()} Meta+${key.toUpperCase()}` : undefined}
            title={`${label}${shortcutHint(key)}`}
            disabled={showPreviewOnly}
            onClick={() => applyEdit(apply)}
          >
            <Icon aria-hidden="true" />
          </Button>
        ))}
        <Button
          variant="ghost"
          size="sm"
          className="size-9 p-0"
          aria-label="Upload image"
          title="Upload image"
          disabled={showPreviewOnly}
          onClick={() => fileRef.current?.click()}
        >
          <ImagePlus aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="size-9 p-0"
          aria-label="Insert from media library"
          title="Insert from media library"
          disabled={showPreviewOnly}
          onClick={() => setLibraryOpen(true)}
        >
          <Images aria-hidden="true" />
        </Button>
        <ImageFileInput ref={fileRef} onFiles={upload} testId="editor-image-input" />
        <div className="ml-auto flex gap-1">
          <Button
            variant={showPreviewOnly || split ? 'ghost' : 'secondary'}
            size="sm"
            aria-pressed={!preview && !split}
            onClick={() => setMode(false, false)}
          >
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button
            variant={showPreviewOnly ? 'secondary' : 'ghost'}
            size="sm"
            aria-pressed={showPreviewOnly}
            onClick={() => setMode(true, false)}
          >
            <Eye aria-hidden="true" />
            Preview
          </Button>
          {onSplitChange && (
            <Button
              variant={split ? 'secondary' : 'ghost'}
              size="sm"
              className="hidden lg:inline-flex"
              aria-pressed={split}
              onClick={() => setMode(false, !split)}
            >
              <Columns2 aria-hidden="true" />
              Side by side
            </Button>
          )}
        </div>
      </div>
      {uploads.length > 0 && (
        <div className="border-b p-3">
          <UploadProgressList uploads={uploads} />
        </div>
      )}
      <div className={split ? 'lg:grid lg:grid-cols-2 lg:divide-x' : undefined}>
        {showPreviewOnly ? (
          <div className="min-h-[400px] p-4">
            <MarkdownPreview content={previewText} />
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
            onPaste={onPaste}
            onKeyDown={onShortcut}
            rows={20}
            placeholder="Write your post in markdown... (paste or drop images here)"
            className="min-h-[400px] rounded-none border-0 font-mono text-sm field-sizing-content focus-visible:outline-offset-0"
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          />
        )}
        {split && !showPreviewOnly && (
          <div
            className="hidden max-h-[70vh] min-h-[400px] overflow-y-auto p-4 lg:block"
            aria-label="Live preview"
            role="region"
          >
            <MarkdownPreview content={previewText} />
          </div>
        )}
      </div>
      <p className="border-t px-3 py-1.5 text-xs text-muted-foreground" data-testid="word-count">
        {`${words} ${words === 1 ? 'word' : 'words'} · ${readingTime(value)} min read`}
      </p>
      <AltTextPrompt
        image={asking[0] ?? null}
        onDone={(alt) => {
          const image = asking[0]
          setAsking((queue) => queue.slice(1))
          if (image && alt) onChange((current) => replaceImageAlt(current, image.url, '', alt))
        }}
      />
      <MediaPicker
        open={libraryOpen}
        onOpenChange={setLibraryOpen}
        title="Insert from media library"
        description="The image goes in at the cursor, with its alt text from the library."
        onPick={(item) =>
          applyEdit((text, s, e) =>
            insertImage(text.slice(0, s) + text.slice(e), s, imageMarkdown(item.altText, item.url)),
          )
        }
      />
    </div>
  )
}
