export const WORDS_PER_MINUTE = 200
export const DEFAULT_READING_TIME = 5

export const wordCount = (markdown: string): number => markdown.trim().split(/\s+/).filter(Boolean).length

/** ceil(words / 200), at least 1. */
export function readingTime(markdown: string): number {
  return Math.max(1, Math.ceil(wordCount(markdown) / WORDS_PER_MINUTE))
}
