import { useEffect, useRef, useState, type ComponentProps } from 'react'

export const PLACEHOLDER_IMAGE = '/placeholder.svg'

/**
 * A card or featured image that falls back to the stock placeholder when it fails (spec §2). An image that
 * failed before hydration fires no React event, so the mount effect checks for that too.
 */
export function FallbackImage({ src, alt, ...props }: Omit<ComponentProps<'img'>, 'src'> & { src: string | null | undefined; alt: string }) {
  const [failed, setFailed] = useState(!src)
  const ref = useRef<HTMLImageElement>(null)

  useEffect(() => {
    const img = ref.current
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute('src') !== PLACEHOLDER_IMAGE) setFailed(true)
  }, [])

  return <img ref={ref} src={failed || !src ? PLACEHOLDER_IMAGE : src} alt={alt} onError={() => setFailed(true)} {...props} />
}
