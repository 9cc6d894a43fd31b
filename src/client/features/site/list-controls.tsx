import { Search } from '../../components/ui/icons.tsx'
import { useEffect, useId, useState, type FormEvent } from 'react'
import type { Category } from '#shared/schemas/category.ts'
import type { PostSort } from '#shared/schemas/post.ts'
import { Input } from '../../components/ui/input.tsx'
import { NativeSelect } from '../../components/ui/native-select.tsx'
import type { ListParams } from '#shared/routes/public-routes.ts'

export const SEARCH_DEBOUNCE_MS = 300
const SORT_LABELS: Record<PostSort, string> = {
  latest: 'Latest First',
  oldest: 'Oldest First',
  popular: 'Most Popular',
}

type Props = {
  params: ListParams
  categories: Category[]
  showCategory: boolean
  action: string
  onChange: (next: Partial<ListParams>) => void
}

/**
 * Search, category and sort. A GET form, so without JavaScript Enter applies them through the URL;
 * with JavaScript the selects apply at once and the search box after a short pause.
 */
export function ListControls({ params, categories, showCategory, action, onChange }: Props) {
  const id = useId()
  const [text, setText] = useState(params.q)
  const [urlQuery, setUrlQuery] = useState(params.q)

  // Follow the URL when it changes from elsewhere (back/forward, a link), but never rewrite what is being typed.
  if (params.q !== urlQuery) {
    setUrlQuery(params.q)
    if (params.q !== text.trim()) setText(params.q)
  }

  useEffect(() => {
    if (text.trim() === params.q) return
    const timer = setTimeout(() => onChange({ q: text.trim() }), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, params.q, onChange])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    onChange({ q: text.trim() })
  }

  return (
    <form
      method="get"
      action={action}
      role="search"
      onSubmit={onSubmit}
      className="mb-10 grid gap-3 md:grid-cols-[1fr_auto_auto]"
    >
      <div className="relative">
        <label htmlFor={`${id}-q`} className="sr-only">
          Search articles
        </label>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={`${id}-q`}
          type="search"
          name="q"
          placeholder="Search articles..."
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="pl-9"
          autoComplete="off"
        />
      </div>
      {showCategory && (
        <div>
          <label htmlFor={`${id}-category`} className="sr-only">
            Category
          </label>
          <NativeSelect
            id={`${id}-category`}
            name="category"
            value={params.category}
            onChange={(e) => onChange({ category: e.target.value })}
            className="md:w-52"
          >
            <option value="">All Categories</option>
            {categories.map((c) => (
              <option key={c.id} value={c.slug}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      <div>
        <label htmlFor={`${id}-sort`} className="sr-only">
          Sort by
        </label>
        <NativeSelect
          id={`${id}-sort`}
          name="sort"
          value={params.sort}
          onChange={(e) => onChange({ sort: e.target.value as PostSort })}
          className="md:w-44"
        >
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </form>
  )
}
