import { useEffect, useRef, useState, type ComponentProps } from 'react'
import { pictureOf } from '#shared/images/variants.ts'

export const PLACEHOLDER_IMAGE = '/placeholder.svg'

type Props = Omit<ComponentProps<'img'>, 'src' | 'srcSet' | 'sizes' | 'loading' | 'fetchPriority'> & {
  src: string | null | undefined
  alt: string
  /** The rendered width in the layout, for the browser to pick a variant near it. */
  sizes: string
  /** The page's largest paint: fetched at once and first, not lazily. */
  priority?: boolean
}

/**
 * A card, featured or page image. An upload becomes a `<picture>` of AVIF and WebP variants derived from its URL
 * alone (docs/decisions/020); a failed image falls back to the stock placeholder (spec §2). An image that failed
 * before hydration fires no React event, so the mount effect checks for that too.
 */
export function ResponsiveImage({ src, alt, sizes, priority = false, ...props }: Props) {
  const [failed, setFailed] = useState(!src)
  const ref = useRef<HTMLImageElement>(null)

  useEffect(() => {
    const img = ref.current
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute('src') !== PLACEHOLDER_IMAGE) setFailed(true)
  }, [])

  const picture = failed ? null : pictureOf(src)
  const img = (
    <img
      ref={ref}
      src={failed || !src ? PLACEHOLDER_IMAGE : (picture?.src ?? src)}
      srcSet={picture?.srcSet}
      sizes={picture ? sizes : undefined}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed(true)}
      {...props}
    />
  )
  if (!picture) return img
  return (
    <picture>
      {picture.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  )
}
