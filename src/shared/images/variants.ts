/**
 * Responsive variants of an uploaded image, derived from its URL alone (docs/decisions/020): stored HTML and card
 * markup need no lookup and never go stale. `/uploads/<sha256>.<ext>` is an upload; its variants are
 * `/uploads/<sha256>-<width>.<format>`, and the server answers a width the picture does not reach with its largest
 * real one (never upscaled). Kept tiny: the reader bundle imports it.
 */
export const VARIANT_WIDTHS = [480, 960, 1600, 2400] as const
export const OG_WIDTH = 1200

export type ImageExt = 'jpg' | 'png' | 'gif' | 'webp'
export type VariantFormat = 'avif' | 'webp' | ImageExt

const UPLOAD_URL = /^\/uploads\/([a-f0-9]{64})\.(jpg|png|gif|webp)$/

export function uploadOf(url: string | null | undefined): { hash: string; ext: ImageExt } | null {
  const match = url ? UPLOAD_URL.exec(url) : null
  return match ? { hash: match[1]!, ext: match[2] as ImageExt } : null
}

/**
 * The modern formats offered before the fallback (which is always the original's own format). GIF and WebP may be
 * animated and AVIF output cannot be, so they skip it; a WebP's fallback already is WebP.
 */
export function sourceFormats(ext: ImageExt): VariantFormat[] {
  return ext === 'gif' ? ['webp'] : ext === 'webp' ? [] : ['avif', 'webp']
}

export const variantUrl = (hash: string, width: number, format: VariantFormat) => `/uploads/${hash}-${width}.${format}`

/** The Open Graph picture: a JPEG at most 1200 px wide, which every social site accepts. Other URLs stay as they are. */
export function ogImageUrl(url: string): string {
  const upload = uploadOf(url)
  return upload ? variantUrl(upload.hash, OG_WIDTH, 'jpg') : url
}

export type Picture = { sources: Array<{ type: string; srcSet: string }>; src: string; srcSet: string }

/**
 * `<picture>` sources for an upload, or null for any other URL. With the picture's real width, only the widths it
 * has are listed (the last one with its true size); without it, all four, and the server clamps.
 */
export function pictureOf(url: string | null | undefined, width?: number | null): Picture | null {
  const upload = uploadOf(url)
  if (!upload) return null
  const steps: Array<[number, number]> = []
  for (const w of VARIANT_WIDTHS) {
    steps.push([w, width ? Math.min(w, width) : w])
    if (width && w >= width) break
  }
  const set = (format: VariantFormat) =>
    steps.map(([w, real]) => `${variantUrl(upload.hash, w, format)} ${real}w`).join(', ')
  return {
    sources: sourceFormats(upload.ext).map((f) => ({ type: `image/${f}`, srcSet: set(f) })),
    src: variantUrl(upload.hash, steps[Math.min(1, steps.length - 1)]![0], upload.ext),
    srcSet: set(upload.ext),
  }
}

/** `sizes` for the layouts the site has: the article column (post body, featured and footer-page images) and cards. */
export const ARTICLE_SIZES = '(min-width: 768px) 720px, calc(100vw - 2rem)'
export const CARD_SIZES = '(min-width: 1024px) 360px, (min-width: 640px) 50vw, calc(100vw - 2rem)'
export const WIDE_CARD_SIZES = '(min-width: 768px) 560px, calc(100vw - 2rem)'
