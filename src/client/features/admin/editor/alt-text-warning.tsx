import { useRef } from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog.tsx'
import { buttonVariants } from '../../../components/ui/button.tsx'
import { altTextDescription } from './editor-text.ts'

type Props = { count: number; onCancel: () => void; onConfirm: () => void; contentId: string }

/**
 * Shown when publishing a post whose images have no alt text: the author may add it (focus goes to the content) or
 * publish anyway.
 */
export function AltTextWarning({ count, onCancel, onConfirm, contentId }: Props) {
  const confirmed = useRef(false)
  return (
    <AlertDialog open={count > 0} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent
        onCloseAutoFocus={(e) => {
          const wasConfirmed = confirmed.current
          confirmed.current = false
          if (wasConfirmed) return
          e.preventDefault()
          document.getElementById(contentId)?.focus()
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Images without alt text</AlertDialogTitle>
          <AlertDialogDescription>{altTextDescription(count)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={onCancel}>Add alt text</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants()}
            onClick={() => {
              confirmed.current = true
              onConfirm()
            }}
          >
            Publish anyway
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
