import { useQuery } from '@tanstack/react-query'
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { paths } from '#shared/paths.ts'
import { NavigationSchema, type Navigation, type NavLink } from '#shared/schemas/navigation.ts'
import { FieldError } from '../field.tsx'
import {
  categoriesQuery,
  footerPagesQuery,
  navigationQuery,
  useResetNavigation,
  useSaveNavigation,
} from '../queries.ts'
import { useSchemaForm } from '../use-schema-form.ts'

type Menu = keyof Navigation
const MENUS: Array<{ key: Menu; title: string; hint: string }> = [
  { key: 'header', title: 'Header menu', hint: 'Beside the site title at the top of every page.' },
  { key: 'footer', title: 'Footer menu', hint: 'The row of links at the bottom of every page.' },
]
const SUGGESTIONS_ID = 'nav-link-suggestions'

export function NavigationTab() {
  const navigation = useQuery(navigationQuery())
  return (
    <Card>
      <CardHeader>
        <CardTitle>Navigation</CardTitle>
        <CardDescription>
          The header and footer menus. A link is a page of this site (/about, /category/…, /tag/…) or a full https://
          address.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {navigation.data ? <NavigationForm initial={navigation.data} /> : <Skeleton className="h-64" />}
      </CardContent>
    </Card>
  )
}

/** Where a link may go, offered while typing: the home page, the blog, every page and category. */
function LinkSuggestions() {
  const pages = useQuery(footerPagesQuery()).data ?? []
  const categories = useQuery(categoriesQuery()).data ?? []
  const options = [
    { value: paths.home(), label: 'Home' },
    { value: paths.blog(), label: 'Blog' },
    { value: paths.feed(), label: 'RSS feed' },
    ...pages.map((p) => ({ value: paths.footerPage(p.slug), label: `Page: ${p.title}` })),
    ...categories.map((c) => ({ value: paths.category(c.slug), label: `Category: ${c.name}` })),
  ]
  return (
    <datalist id={SUGGESTIONS_ID}>
      {options.map((o) => (
        <option key={o.value} value={o.value} label={o.label} />
      ))}
    </datalist>
  )
}

function NavigationForm({ initial }: { initial: Navigation }) {
  const save = useSaveNavigation()
  const reset = useResetNavigation()
  const {
    values: menus,
    setValues: setMenus,
    errors,
    onSubmit,
  } = useSchemaForm(NavigationSchema, save, initial, { errorTitle: 'Error saving navigation', byPath: true })

  const update = (menu: Menu, change: (links: NavLink[]) => NavLink[]) =>
    setMenus((m) => ({ ...m, [menu]: change(m[menu]) }))
  const edit = (menu: Menu, index: number, field: keyof NavLink, value: string) =>
    update(menu, (links) => links.map((l, i) => (i === index ? { ...l, [field]: value } : l)))
  const move = (menu: Menu, index: number, by: -1 | 1) =>
    update(menu, (links) => {
      const next = [...links]
      const [link] = next.splice(index, 1)
      next.splice(index + by, 0, link!)
      return next
    })

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-8">
      <LinkSuggestions />
      {MENUS.map(({ key, title, hint }) => (
        <fieldset key={key} className="space-y-3">
          <legend className="text-base font-semibold">{title}</legend>
          <p className="text-sm text-muted-foreground">{hint}</p>
          {menus[key].length === 0 && <p className="text-sm text-muted-foreground">No links yet.</p>}
          <ol className="space-y-3">
            {menus[key].map((link, i) => {
              const id = `nav-${key}-${i}`
              const labelError = errors[`${key}.${i}.label`]
              const hrefError = errors[`${key}.${i}.href`]
              return (
                <li key={i} className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_1.5fr_auto] sm:items-start">
                  <div className="space-y-1">
                    <Input
                      id={`${id}-label`}
                      aria-label={`${title} link ${i + 1} label`}
                      placeholder="Label"
                      value={link.label}
                      maxLength={60}
                      onChange={(e) => edit(key, i, 'label', e.target.value)}
                      aria-invalid={labelError ? true : undefined}
                      aria-describedby={labelError ? `${id}-label-error` : undefined}
                    />
                    <FieldError id={`${id}-label-error`} message={labelError} />
                  </div>
                  <div className="space-y-1">
                    <Input
                      id={`${id}-href`}
                      aria-label={`${title} link ${i + 1} address`}
                      placeholder="/about or https://…"
                      list={SUGGESTIONS_ID}
                      value={link.href}
                      onChange={(e) => edit(key, i, 'href', e.target.value)}
                      aria-invalid={hrefError ? true : undefined}
                      aria-describedby={hrefError ? `${id}-href-error` : undefined}
                    />
                    <FieldError id={`${id}-href-error`} message={hrefError} />
                  </div>
                  <div className="flex gap-1">
                    <Button
                      variant="outline"
                      size="icon"
                      aria-label={`Move ${link.label || `link ${i + 1}`} up`}
                      disabled={i === 0}
                      onClick={() => move(key, i, -1)}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      variant="outline"
                      size="icon"
                      aria-label={`Move ${link.label || `link ${i + 1}`} down`}
                      disabled={i === menus[key].length - 1}
                      onClick={() => move(key, i, 1)}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      variant="outline"
                      size="icon"
                      aria-label={`Remove ${link.label || `link ${i + 1}`}`}
                      onClick={() => update(key, (links) => links.filter((_, j) => j !== i))}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              )
            })}
          </ol>
          <FieldError id={`nav-${key}-error`} message={errors[key]} />
          <Button
            variant="outline"
            size="sm"
            onClick={() => update(key, (links) => [...links, { label: '', href: '' }])}
          >
            <Plus aria-hidden="true" />
            {`Add ${key} link`}
          </Button>
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Navigation'}
        </Button>
        <Button
          variant="outline"
          disabled={reset.isPending}
          onClick={() => reset.mutate(undefined, { onSuccess: (defaults) => setMenus(defaults) })}
        >
          Reset to defaults
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        The defaults are Home and Blog in the header and every active page in the footer, new pages included.
      </p>
    </form>
  )
}
