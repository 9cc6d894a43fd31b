import { useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Textarea } from '../../../components/ui/textarea.tsx'
import { CategoryInputSchema, DEFAULT_CATEGORY_COLOR, type Category } from '#shared/schemas/category.ts'
import { slugify } from '#shared/text/slugify.ts'
import { Field, fieldErrors, invalidProps } from '../field.tsx'
import { useCategoryMutations } from '../queries.ts'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  category: Category | null
  returnFocus?: HTMLElement | null
}

/** Create/edit dialog: name and slug required, optional description, colour picker (default #3b82f6). */
export function CategoryDialog({ open, onOpenChange, category, returnFocus }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // Opened from several buttons without a Trigger: send focus back to the one that opened it.
          if (returnFocus?.isConnected) {
            event.preventDefault()
            returnFocus.focus()
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>{category ? 'Edit Category' : 'Create Category'}</DialogTitle>
          <DialogDescription>
            {category ? 'Update the category details.' : 'Add a new category for your posts.'}
          </DialogDescription>
        </DialogHeader>
        {open && <CategoryForm key={category?.id ?? 'new'} category={category} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function CategoryForm({ category, onDone }: { category: Category | null; onDone: () => void }) {
  const { create, update } = useCategoryMutations()
  const [values, setValues] = useState({
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    description: category?.description ?? '',
    color: category?.color ?? DEFAULT_CATEGORY_COLOR,
  })
  const [slugTouched, setSlugTouched] = useState(Boolean(category))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const pending = create.isPending || update.isPending

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = CategoryInputSchema.safeParse({ ...values, description: values.description.trim() || null })
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues))
      return
    }
    setErrors({})
    if (category) update.mutate({ id: category.id, body: parsed.data }, { onSuccess: onDone })
    else create.mutate(parsed.data, { onSuccess: onDone })
  }

  const invalid = (key: string) => invalidProps(`category-${key}`, errors[key])

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id="category-name" label="Name" error={errors.name}>
        <Input
          id="category-name"
          value={values.name}
          required
          onChange={(e) => {
            const name = e.target.value
            setValues((v) => ({ ...v, name, slug: slugTouched ? v.slug : slugify(name) }))
          }}
          {...invalid('name')}
        />
      </Field>
      <Field id="category-slug" label="Slug" error={errors.slug}>
        <Input
          id="category-slug"
          value={values.slug}
          required
          onChange={(e) => {
            setSlugTouched(e.target.value !== '')
            setValues((v) => ({ ...v, slug: e.target.value }))
          }}
          {...invalid('slug')}
        />
      </Field>
      <Field id="category-description" label="Description (optional)" error={errors.description}>
        <Textarea
          id="category-description"
          rows={3}
          value={values.description}
          onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
          {...invalid('description')}
        />
      </Field>
      <Field id="category-color" label="Color" error={errors.color}>
        <div className="flex items-center gap-3">
          <input
            id="category-color"
            type="color"
            value={values.color}
            onChange={(e) => setValues((v) => ({ ...v, color: e.target.value }))}
            className="h-10 w-16 cursor-pointer rounded-md border border-input bg-background p-1"
          />
          <Input
            aria-label="Color hex value"
            value={values.color}
            onChange={(e) => setValues((v) => ({ ...v, color: e.target.value }))}
            className="w-32 font-mono"
            {...invalid('color')}
          />
        </div>
      </Field>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {category ? 'Update Category' : 'Create Category'}
        </Button>
      </DialogFooter>
    </form>
  )
}
