import { contentRefs } from '#shared/markdown/inspect.ts'

/** The URLs of the content's images that have no alt text (the same reading the pre-publish checklist uses). */
export function imagesWithoutAlt(markdown: string): string[] {
  return contentRefs(markdown)
    .images.filter((image) => !image.alt.trim())
    .map((image) => image.src)
}
