import { useId, type FormEvent } from 'react'
import { paths } from '#shared/paths.ts'
import { cn } from '../../lib/cn.ts'
import { useNavigate } from '../../lib/router.tsx'
import { Search } from '../ui/icons.tsx'

/**
 * The header's search box: a plain GET form to /blog?q=… (it works before the script loads), which the router
 * takes over once it has.
 */
export function HeaderSearch({ className }: { className?: string }) {
  const navigate = useNavigate()
  const id = useId()
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim()
    navigate(q ? `${paths.blog()}?${new URLSearchParams({ q })}` : paths.blog())
  }
  return (
    <form role="search" action={paths.blog()} method="get" onSubmit={onSubmit} className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        Search articles
      </label>
      <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <input
        id={id}
        name="q"
        type="search"
        placeholder="Search…"
        maxLength={200}
        className="h-9 w-full rounded-md border border-input bg-background pl-8 pr-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
    </form>
  )
}
