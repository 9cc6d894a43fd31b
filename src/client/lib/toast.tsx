import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react'
import { X } from '../components/ui/icons.tsx'
import { cn } from './cn.ts'

/** Spec §9: at most one toast at a time, shown 5000 ms, F8 focuses the region, swipe right (50 px) dismisses. */
export const TOAST_DURATION_MS = 5000
const SWIPE_THRESHOLD_PX = 50

export type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' }
type Toast = ToastInput & { id: number }

let current: Toast | null = null
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++
  current = { ...input, id }
  emit()
  return { id, dismiss: () => dismissToast(id) }
}

export function dismissToast(id?: number): void {
  if (current && (id === undefined || current.id === id)) {
    current = null
    emit()
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useToast() {
  const active = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  )
  return { toast, dismiss: dismissToast, active }
}

export function Toaster() {
  const { active } = useToast()
  const regionRef = useRef<HTMLOListElement>(null)

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') regionRef.current?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <section
      aria-label="Notifications (F8)"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-center p-4 sm:justify-end"
    >
      <ol ref={regionRef} tabIndex={-1} className="w-full max-w-sm outline-none">
        {active && <ToastItem key={active.id} toast={active} />}
      </ol>
    </section>
  )
}

/**
 * One toast. Its 5 s timer stops while the pointer is over it or focus is inside it, and starts again in full when
 * both have left (WCAG 2.2.1: time to read it, or to reach its close button).
 */
function ToastItem({ toast: item }: { toast: Toast }) {
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const startX = useRef<number | null>(null)

  useEffect(() => {
    if (hovered || focused) return
    const timer = setTimeout(() => dismissToast(item.id), TOAST_DURATION_MS)
    return () => clearTimeout(timer)
  }, [item.id, hovered, focused])

  const onPointerDown = (e: PointerEvent) => {
    startX.current = e.clientX
  }
  const onPointerUp = (e: PointerEvent) => {
    if (startX.current !== null && e.clientX - startX.current > SWIPE_THRESHOLD_PX) dismissToast(item.id)
    startX.current = null
  }
  const destructive = item.variant === 'destructive'

  return (
    <li
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => setFocused(e.currentTarget.contains(e.relatedTarget))}
      className={cn(
        'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
        destructive ? 'border-destructive bg-destructive text-destructive-foreground' : 'bg-background text-foreground',
      )}
    >
      <div className="grid gap-1">
        <p className="text-sm font-semibold">{item.title}</p>
        {item.description && <p className="text-sm opacity-90">{item.description}</p>}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(item.id)}
        className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100"
        aria-label="Close notification"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  )
}
