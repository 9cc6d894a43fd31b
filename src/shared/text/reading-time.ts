export const WORDS_PER_MINUTE = 200
export const DEFAULT_READING_TIME = 5

/** ceil(words / 200), at least 1. */
export function readingTime(markdown: string): number {
  const words = markdown.trim().split(/\s+/).filter(Boolean).length
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))
}
