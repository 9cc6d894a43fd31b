import { X } from 'lucide-react'

export type ActiveFilter = { name: string; label: string; onRemove: () => void }

/** The filters in force, each with a "×" that removes it. */
export function ActiveFilters({ filters }: { filters: ActiveFilter[] }) {
  if (filters.length === 0) return null
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-2">
      {filters.map((filter) => (
        <li
          key={filter.name}
          className="inline-flex max-w-full items-center gap-1 rounded-full border bg-accent py-1 pr-1 pl-3 text-sm text-accent-foreground"
        >
          <span className="truncate">
            {filter.name}: <strong>{filter.label}</strong>
          </span>
          <button
            type="button"
            onClick={filter.onRemove}
            aria-label={`Remove filter ${filter.name}: ${filter.label}`}
            className="inline-flex size-6 shrink-0 items-center justify-center rounded-full hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  )
}
