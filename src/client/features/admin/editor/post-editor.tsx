import { ArrowLeft } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent } from '../../../components/ui/card.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { HttpError } from '../../../lib/api.ts'
import { useAuth } from '../../../lib/auth.tsx'
import { Link, useNavigate } from '../../../lib/router.tsx'
import { toast } from '../../../lib/toast.tsx'
import { paths } from '#shared/paths.ts'
import type { Post, PostStatus } from '#shared/schemas/post.ts'
import { slugify } from '#shared/text/slugify.ts'
import { Field, invalidProps } from '../field.tsx'
import { errorText, usePostMutations } from '../queries.ts'
import { clearBackup, readBackup, writeBackup, type Backup } from './backup.ts'
import { MarkdownEditor } from './markdown-editor.tsx'
import { formFromPost, toPostBody, validatePost, type PostForm } from './post-form.ts'
import { PostSettingsPanel, SeoSettingsPanel } from './post-side-panels.tsx'
import { RestoreBanner } from './restore-banner.tsx'
import { useUnsavedGuard } from './use-unsaved-guard.ts'

const same = (a: PostForm, b: PostForm) => JSON.stringify(a) === JSON.stringify(b)

/** A backup is offered when it is newer than the stored post and differs from it. */
function pendingBackup(post: Post | null, initial: PostForm): Backup | null {
  const backup = readBackup(post?.id ?? null)
  if (!backup || same(backup.form, initial)) return null
  if (post && Date.parse(backup.savedAt) <= Date.parse(post.updatedAt)) return null
  return backup
}

export function PostEditor({ post }: { post: Post | null }) {
  const id = post?.id ?? null
  const { user } = useAuth()
  const navigate = useNavigate()
  const { create, update } = usePostMutations()
  const [baseline, setBaseline] = useState(() => formFromPost(post))
  const [form, setForm] = useState(baseline)
  const [offer, setOffer] = useState(() => pendingBackup(post, baseline))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const slugTouched = useRef(Boolean(post?.slug))
  const saved = useRef(false)
  const dirty = !same(form, baseline)
  useUnsavedGuard(dirty)

  useEffect(() => {
    if (!dirty || offer || saved.current) return
    const timer = setTimeout(() => writeBackup(id, form), 300)
    return () => clearTimeout(timer)
  }, [form, dirty, offer, id])

  const set = <K extends keyof PostForm>(key: K, value: PostForm[K]) => setForm((f) => ({ ...f, [key]: value }))
  const onTitle = (title: string) => setForm((f) => ({ ...f, title, slug: slugTouched.current && f.slug ? f.slug : slugify(title) }))
  const onSlug = (slug: string) => {
    slugTouched.current = slug !== ''
    set('slug', slug)
  }

  const pending = create.isPending || update.isPending
  const save = (status: PostStatus) => {
    const body = toPostBody(form, status, new Date())
    const found = validatePost(body)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const done = () => {
      saved.current = true
      clearBackup(id)
      setBaseline(form)
      navigate(paths.admin.posts())
    }
    // A taken slug (409) is also shown next to the slug field.
    const failed = (title: string, err: Error) => {
      toast({ title, description: errorText(err), variant: 'destructive' })
      if (err instanceof HttpError && err.status === 409) setErrors({ slug: errorText(err) })
    }
    if (id === null) {
      create.mutate(
        { ...body, authorId: user?.id },
        {
          onSuccess: () => {
            toast({ title: 'Post created successfully!' })
            done()
          },
          onError: (err) => failed('Error creating post', err),
        },
      )
    } else {
      update.mutate(
        { id, body },
        {
          onSuccess: () => {
            toast({ title: 'Post updated successfully!' })
            done()
          },
          onError: (err) => failed('Error updating post', err),
        },
      )
    }
  }

  const primaryLabel = !post || post.status === 'draft' ? 'Publish' : 'Update Post'

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <Button asChild variant="ghost" size="icon">
            <Link href={paths.admin.posts()} aria-label="Back to posts">
              <ArrowLeft aria-hidden="true" />
            </Link>
          </Button>
          <h1 className="text-2xl font-bold sm:text-3xl">{post ? 'Edit Post' : 'Create New Post'}</h1>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={pending} onClick={() => save('draft')}>
            Save as Draft
          </Button>
          <Button disabled={pending} onClick={() => save('published')}>
            {pending ? 'Saving...' : primaryLabel}
          </Button>
        </div>
      </header>
      {offer && (
        <RestoreBanner
          backup={offer}
          onRestore={() => {
            setForm(offer.form)
            slugTouched.current = Boolean(offer.form.slug)
            setOffer(null)
          }}
          onDiscard={() => {
            clearBackup(id)
            setOffer(null)
          }}
        />
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card>
          <CardContent className="space-y-4 pt-6">
            <Field id="post-title" label="Title" error={errors.title}>
              <Input
                id="post-title"
                value={form.title}
                onChange={(e) => onTitle(e.target.value)}
                placeholder="Enter post title..."
                {...invalidProps('post-title', errors.title)}
              />
            </Field>
            <Field id="post-slug" label="URL Slug" error={errors.slug}>
              <Input
                id="post-slug"
                value={form.slug}
                onChange={(e) => onSlug(e.target.value)}
                placeholder="post-url-slug"
                {...invalidProps('post-slug', errors.slug)}
              />
            </Field>
            <Field id="post-content" label="Content" error={errors.content}>
              <MarkdownEditor
                id="post-content"
                value={form.content}
                onChange={(apply) => setForm((f) => ({ ...f, content: apply(f.content) }))}
                invalid={Boolean(errors.content)}
                describedBy={errors.content ? 'post-content-error' : undefined}
              />
            </Field>
          </CardContent>
        </Card>
        <div className="space-y-6">
          <PostSettingsPanel form={form} errors={errors} set={set} />
          <SeoSettingsPanel form={form} errors={errors} set={set} />
        </div>
      </div>
    </div>
  )
}
