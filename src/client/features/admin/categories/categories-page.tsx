import { useQuery } from '@tanstack/react-query'
import { Pencil, Plus } from 'lucide-react'
import { useRef, useState } from 'react'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import type { Category } from '#shared/schemas/category.ts'
import { plural } from '#shared/text/format.ts'
import { categoriesQuery, useCategoryMutations } from '../queries.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import { CategoryDialog } from './category-dialog.tsx'
import { DeleteCategoryButton } from './delete-category-button.tsx'

export function CategoriesPage() {
  useDocumentTitle('Manage Categories')
  const categories = useQuery(categoriesQuery())
  const { remove } = useCategoryMutations()
  const [dialog, setDialog] = useState<{ open: boolean; category: Category | null; trigger: HTMLElement | null }>({
    open: false,
    category: null,
    trigger: null,
  })

  const newButton = useRef<HTMLButtonElement>(null)
  // The deleted card's button is gone with it: focus goes to "New Category" rather than to the page's top.
  const onDelete = (category: Category) =>
    remove.mutate(category.id, { onSuccess: () => requestAnimationFrame(() => newButton.current?.focus()) })

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Categories</h1>
          <p className="text-muted-foreground">Organise your posts into categories</p>
        </div>
        <Button ref={newButton} onClick={(e) => setDialog({ open: true, category: null, trigger: e.currentTarget })}>
          <Plus aria-hidden="true" />
          New Category
        </Button>
      </header>
      {categories.isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-36" />
          ))}
        </div>
      ) : categories.isError ? (
        <Card className="p-8 text-center text-destructive">{categories.error.message}</Card>
      ) : categories.data.length === 0 ? (
        <Card className="p-10 text-center text-muted-foreground">
          No categories yet. Create one to organise your posts.
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Categories">
          {categories.data.map((category) => (
            <li key={category.id}>
              <Card className="h-full" data-testid="category-card">
                <CardHeader className="flex flex-row items-start justify-between gap-2 pb-2">
                  <div className="flex min-w-0 items-center gap-3">
                    <span
                      aria-hidden="true"
                      className="size-4 shrink-0 rounded-full"
                      style={{ backgroundColor: category.color }}
                    />
                    <CardTitle className="text-lg">{category.name}</CardTitle>
                  </div>
                  <div className="flex shrink-0">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${category.name}`}
                      onClick={(e) => setDialog({ open: true, category, trigger: e.currentTarget })}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <DeleteCategoryButton category={category} onConfirm={() => onDelete(category)} />
                  </div>
                </CardHeader>
                <CardContent className="space-y-2">
                  <Badge variant="outline">{category.slug}</Badge>
                  {category.description && <p className="text-sm text-muted-foreground">{category.description}</p>}
                  <p className="text-xs text-muted-foreground">
                    {category.postCount} published {plural(category.postCount, 'post')}
                  </p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <CategoryDialog
        open={dialog.open}
        category={dialog.category}
        returnFocus={dialog.trigger}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
    </div>
  )
}
