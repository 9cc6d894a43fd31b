import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { Link } from '../../../lib/router.tsx'
import { paths } from '#shared/paths.ts'
import { postQuery } from '../queries.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import { PostEditor } from './post-editor.tsx'

/** /admin/posts/new and /admin/posts/{id}/edit: load the post, then hand it to the form. */
export function PostEditorPage({ id }: { id: string | null }) {
  useDocumentTitle(id ? 'Edit Post' : 'Create New Post')
  const post = useQuery({ ...postQuery(id ?? ''), enabled: id !== null, staleTime: 0 })
  if (id === null) return <PostEditor post={null} />
  if (post.isPending) return <Spinner label="Loading post" />
  if (post.isError || !post.data)
    return (
      <div className="py-16 text-center">
        <h1 className="text-2xl font-bold">Post Not Found</h1>
        <p className="mt-2 text-muted-foreground">{post.error?.message}</p>
        <Button asChild variant="outline" className="mt-6">
          <Link href={paths.admin.posts()}>
            <ArrowLeft aria-hidden="true" />
            Back to Posts
          </Link>
        </Button>
      </div>
    )
  return <PostEditor post={post.data} />
}
