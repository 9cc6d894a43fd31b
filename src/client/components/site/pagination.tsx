import { ChevronLeft, ChevronRight } from '../ui/icons.tsx'
import type { ReactNode } from 'react'
import { buttonVariants } from '../ui/button.tsx'
import { cn } from '../../lib/cn.ts'
import { Link } from '../../lib/router.tsx'

/** `more`: pages go on past `pageCount` (a search that stopped counting), shown as a trailing gap. */
type Props = { page: number; pageCount: number; more?: boolean; hrefFor: (page: number) => string }

/**
 * Numbered pages as links (they work without JS); a button only where it leads somewhere (contract §4). A listing
 * that fits on one page has no pagination at all.
 */
export function Pagination({ page, pageCount, more = false, hrefFor }: Props) {
  if (pageCount <= 1 && !more && page <= 1) return null
  const pages = more ? [...pageNumbers(page, pageCount), null] : pageNumbers(page, pageCount)
  const item = (target: number, label: ReactNode, ariaLabel: string, enabled: boolean, isCurrent = false) =>
    enabled && !isCurrent ? (
      <Link
        href={hrefFor(target)}
        aria-label={ariaLabel}
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
      >
        {label}
      </Link>
    ) : (
      <span
        aria-label={ariaLabel}
        aria-current={isCurrent ? 'page' : undefined}
        aria-disabled={isCurrent ? undefined : true}
        className={cn(
          buttonVariants({ variant: isCurrent ? 'default' : 'outline', size: 'sm' }),
          !isCurrent && 'pointer-events-none opacity-50',
        )}
      >
        {label}
      </span>
    )

  return (
    <nav aria-label="Pagination" className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {item(
        page - 1,
        <>
          <ChevronLeft aria-hidden="true" />
          Previous
        </>,
        'Previous page',
        page > 1,
      )}
      {pages.map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="px-1 text-muted-foreground" aria-hidden="true">
            …
          </span>
        ) : (
          <span key={p}>{item(p, p, `Page ${p}`, true, p === page)}</span>
        ),
      )}
      {item(
        page + 1,
        <>
          Next
          <ChevronRight aria-hidden="true" />
        </>,
        'Next page',
        more || page < pageCount,
      )}
    </nav>
  )
}

/** 1 … 4 5 6 … 12: the first, the last and the neighbours of the current page. */
export function pageNumbers(page: number, pageCount: number): Array<number | null> {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount))
  const sorted = [...wanted].sort((a, b) => a - b)
  const out: Array<number | null> = []
  for (const p of sorted) {
    const prev = out[out.length - 1]
    if (typeof prev === 'number' && p - prev > 1) out.push(null)
    out.push(p)
  }
  return out
}
