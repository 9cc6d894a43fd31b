import { clsx, type ClassValue } from 'clsx'

/**
 * Joins class names. Conflict resolution (tailwind-merge, ~9 KB gzip) would push the reader bundle past its
 * 100 KB budget, so it is plugged in by the admin chunk when it loads (app.tsx). Reader components pass no
 * conflicting overrides; where an override is needed, Tailwind's generated order makes the later utility win.
 */
let merge: (classes: string) => string = (classes) => classes

export function setClassMerge(fn: (classes: string) => string): void {
  merge = fn
}

export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs))
}
