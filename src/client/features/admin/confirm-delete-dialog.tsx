import type { ReactElement, ReactNode } from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog.tsx'

type Props = {
  title: string
  description: string
  onConfirm: () => void
  /** The button that opens the dialog. */
  children: ReactElement
  /** What would be lost, shown under the description (e.g. the pages that show an image). */
  details?: ReactNode
  confirmLabel?: string
  onOpenChange?: (open: boolean) => void
}

/** Asks before a permanent delete: Cancel keeps the item, Delete calls `onConfirm`. */
export function ConfirmDeleteDialog({
  title,
  description,
  onConfirm,
  children,
  details,
  confirmLabel = 'Delete',
  onOpenChange,
}: Props) {
  return (
    <AlertDialog onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>{children}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {details}
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{confirmLabel}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
