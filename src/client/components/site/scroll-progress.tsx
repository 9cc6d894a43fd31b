import { useEffect, useRef } from 'react'

/** The reading-progress bar at the top of public pages (a transform, so scrolling never triggers layout). */
export function ScrollProgress() {
  const barRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    let frame = 0
    const update = () => {
      frame = 0
      const el = document.documentElement
      const max = el.scrollHeight - el.clientHeight
      const ratio = max > 0 ? Math.min(1, Math.max(0, el.scrollTop / max)) : 0
      if (barRef.current) barRef.current.style.transform = `scaleX(${ratio})`
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', onScroll)
    return () => {
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', onScroll)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [])

  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[60] h-1 bg-transparent">
      {/* The starting scale is inline, not Tailwind's scale-x-0: that sets the CSS `scale` property, which would
          multiply with this transform and keep the bar at zero width for ever. */}
      <div
        ref={barRef}
        data-testid="reading-progress"
        className="h-full origin-left bg-primary"
        style={{ transform: 'scaleX(0)' }}
      />
    </div>
  )
}
