import { useQuery } from '@tanstack/react-query'
import { FilePlus } from 'lucide-react'
import { useState } from 'react'
import { paths } from '#shared/paths.ts'
import type { MediaItem } from '#shared/schemas/media.ts'
import { Button } from '../../../components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { NativeSelect } from '../../../components/ui/native-select.tsx'
import { useNavigate } from '../../../lib/router.tsx'
import { allPostsQuery } from '../queries.ts'

/** Picks a post and opens it in the editor with this image added at the end (saved only when the author saves). */
export function InsertIntoPostButton({ item }: { item: MediaItem }) {
  const [open, setOpen] = useState(false)
  const [postId, setPostId] = useState('')
  const posts = useQuery({ ...allPostsQuery(), enabled: open })
  const navigate = useNavigate()
  const id = `insert-${item.id}`
  const insert = () => {
    const search = new URLSearchParams({ insert: item.url, alt: item.altText })
    navigate(`${paths.admin.editPost(postId)}?${search.toString()}`)
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <FilePlus aria-hidden="true" />
          Insert into post
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Insert into post</DialogTitle>
          <DialogDescription>
            The post opens in the editor with the image added at the end. Save the post to keep it.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-2">
          <Label htmlFor={id}>Post</Label>
          <NativeSelect id={id} value={postId} onChange={(e) => setPostId(e.target.value)}>
            <option value="">{posts.isPending ? 'Loading posts…' : 'Choose a post'}</option>
            {posts.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.status === 'draft' ? `${p.title} (draft)` : p.title}
              </option>
            ))}
          </NativeSelect>
        </div>
        <DialogFooter>
          <Button disabled={!postId} onClick={insert}>
            Open in editor
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
