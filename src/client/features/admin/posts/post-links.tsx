import { Pencil, Plus } from 'lucide-react'
import { Button } from '../../../components/ui/button.tsx'
import { Link } from '../../../lib/router.tsx'
import { paths } from '#shared/paths.ts'

/** The 'New Post' button of the dashboard and posts list headers. */
export function NewPostButton() {
  return (
    <Button asChild>
      <Link href={paths.admin.newPost()}>
        <Plus aria-hidden="true" />
        New Post
      </Link>
    </Button>
  )
}

/** The pencil icon that opens a post in the editor (dashboard and posts list rows). */
export function EditPostLink({ post }: { post: { id: string; title: string } }) {
  return (
    <Button asChild variant="ghost" size="icon">
      <Link href={paths.admin.editPost(post.id)} aria-label={`Edit ${post.title}`}>
        <Pencil aria-hidden="true" />
      </Link>
    </Button>
  )
}
