import { useQuery } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { paths } from '#shared/paths.ts'
import type { Category } from '#shared/schemas/category.ts'
import { plural } from '#shared/text/format.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDeleteDialog } from '../confirm-delete-dialog.tsx'
import { categoryPostsQuery } from '../queries.ts'

const NAMED = 10

/** What deleting the category costs: its public page, and the category of each of its posts (named, drafts too). */
function CategoryLosses({ category }: { category: Category }) {
  const posts = useQuery(categoryPostsQuery(category.slug, NAMED))
  if (posts.isPending) return <p className="text-sm text-muted-foreground">Looking for its posts…</p>
  if (posts.isError) return <p className="text-sm text-destructive">Could not list its posts.</p>
  const { total } = posts.data
  return (
    <div className="space-y-2 text-sm">
      <p>{`Its page ${paths.category(category.slug)} will answer 404.`}</p>
      {total === 0 ? (
        <p>No posts are in this category.</p>
      ) : (
        <>
          <p>{`${total} ${plural(total, 'post loses its', 'posts lose their')} category:`}</p>
          <ul className="max-h-48 list-disc space-y-1 overflow-y-auto pl-5" aria-label="Posts that lose their category">
            {posts.data.posts.map((post) => (
              <li key={post.id}>{post.title}</li>
            ))}
          </ul>
          {total > posts.data.posts.length && <p>{`and ${total - posts.data.posts.length} more`}</p>}
        </>
      )}
    </div>
  )
}

/** The card's delete button: the app's dialog, naming what the category's posts lose, instead of a browser confirm. */
export function DeleteCategoryButton({ category, onConfirm }: { category: Category; onConfirm: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <ConfirmDeleteDialog
      title="Delete Category"
      description="Are you sure you want to delete this category?"
      details={open ? <CategoryLosses category={category} /> : null}
      onConfirm={onConfirm}
      onOpenChange={setOpen}
    >
      <Button
        variant="ghost"
        size="icon"
        className="text-destructive hover:text-destructive"
        aria-label={`Delete ${category.name}`}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </ConfirmDeleteDialog>
  )
}
