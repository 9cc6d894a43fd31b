import { ARTICLE_SIZES, pictureOf } from '../images/variants.ts'
import { escapeHtml as attr } from '../text/escape-html.ts'

export type ImageInfo = { width: number; height: number; color?: string | null }

const HEX = /^#[0-9a-f]{6}$/i

/**
 * A content image as HTML. An upload becomes a `<picture>` with AVIF and WebP sources sized for the article column;
 * known width and height keep the page from shifting, the dominant colour fills the box until the picture arrives.
 * Lazy unless it is the page's largest paint. `alt` and `titleAttr` arrive escaped, `src` checked by safeUrl.
 */
export function imageHtml(
  src: string,
  opts: { alt: string; titleAttr: string; info?: ImageInfo; priority: boolean },
): string {
  const { info } = opts
  const picture = pictureOf(src, info?.width)
  const size = info ? ` width="${Math.round(info.width)}" height="${Math.round(info.height)}"` : ''
  const color = info?.color && HEX.test(info.color) ? ` style="background-color:${info.color}"` : ''
  const loading = opts.priority ? ' fetchpriority="high"' : ' loading="lazy"'
  const srcset = picture ? ` srcset="${attr(picture.srcSet)}" sizes="${ARTICLE_SIZES}"` : ''
  const img = `<img src="${attr(picture?.src ?? src)}"${srcset} alt="${opts.alt}"${opts.titleAttr}${size}${loading} decoding="async"${color}>`
  if (!picture) return img
  const sources = picture.sources
    .map((s) => `<source type="${s.type}" srcset="${attr(s.srcSet)}" sizes="${ARTICLE_SIZES}">`)
    .join('')
  return `<picture>${sources}${img}</picture>`
}
