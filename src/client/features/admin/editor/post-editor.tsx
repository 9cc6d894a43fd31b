import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent } from '../../../components/ui/card.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { apiJson, HttpError } from '../../../lib/api.ts'
import { useAuth } from '../../../lib/auth.tsx'
import { Link, useNavigate } from '../../../lib/router.tsx'
import { paths } from '#shared/paths.ts'
import { PostSchema, type Post, type PostStatus } from '#shared/schemas/post.ts'
import { slugify } from '#shared/text/slugify.ts'
import { Field, invalidProps } from '../field.tsx'
import { adminKeys, errorText, refreshPosts, usePostMutations } from '../queries.ts'
import { AltTextWarning } from './alt-text-warning.tsx'
import { imagesWithoutAlt } from './alt-text.ts'
import { clearBackup, readBackup, writeBackup, type Backup } from './backup.ts'
import { AutosaveStatus } from './autosave-status.tsx'
import { autosaveKey, autosaveQuery, discardAutosave, editorKeys, saveAutosave } from './editor-queries.ts'
import { MarkdownEditor } from './markdown-editor.tsx'
import { EditorActions } from './editor-actions.tsx'
import { EditorPreviewDialog } from './editor-preview-dialog.tsx'
import { keepEditorFor } from './editor-session.ts'
import { savedToast } from './editor-text.ts'
import { PostState } from './post-state.tsx'
import { PrePublishPanel } from './pre-publish-panel.tsx'
import { RevisionsPanel } from './revisions-panel.tsx'
import { SharePreviewPanel } from './share-preview-panel.tsx'
import { useAutosave } from './use-autosave.ts'
import { formFromPost, toPostBody, validatePost, type PostForm } from '#shared/post-draft.ts'
import { PostSettingsPanel, SeoSettingsPanel } from './post-side-panels.tsx'
import { RestoreBanner } from './restore-banner.tsx'
import { SchedulePanel } from './schedule-panel.tsx'
import { useUnsavedGuard } from './use-unsaved-guard.ts'
import { NewsletterSwitch, useNewsletterChoice } from './newsletter-switch.tsx'
import { useLibraryInsert } from './use-library-insert.ts'
import { useSaveShortcut } from './use-save-shortcut.ts'

const same = (a: PostForm, b: PostForm) => JSON.stringify(a) === JSON.stringify(b)

type Offer = Backup & { where: 'browser' | 'server' }

/** A backup (this browser's, or the server's autosave) is offered when it is newer than the stored post and differs from it. */
function pendingBackup(post: Post | null, initial: PostForm, backup: Backup | null): Backup | null {
  if (!backup || same(backup.form, initial)) return null
  if (post && Date.parse(backup.savedAt) <= Date.parse(post.updatedAt)) return null
  return backup
}

/** The newest of two offers; the same text found in both keeps the first (this browser's). */
const newer = (a: Offer | null, b: Offer | null) =>
  !a ? b : !b || same(a.form, b.form) ? a : Date.parse(b.savedAt) > Date.parse(a.savedAt) ? b : a

export function PostEditor({ post }: { post: Post | null }) {
  const id = post?.id ?? null
  const { user } = useAuth()
  const navigate = useNavigate()
  const { create, update } = usePostMutations()
  const [baseline, setBaseline] = useState(() => formFromPost(post))
  const [form, setForm] = useState(baseline)
  const key = autosaveKey(id)
  const [offer, setOffer] = useState<Offer | null>(() => {
    const local = pendingBackup(post, baseline, readBackup(id))
    return local ? { ...local, where: 'browser' } : null
  })
  const serverCopy = useQuery(autosaveQuery(key))
  const queryClient = useQueryClient()
  const forgetServerCopy = () => queryClient.setQueryData(editorKeys.autosave(key), null)
  const [split, setSplit] = useState(false)
  const [previewing, setPreviewing] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const slugTouched = useRef(Boolean(post?.slug))
  const dirty = !same(form, baseline)
  const savePending = create.isPending || update.isPending
  // A new post is created by its first save; until it is valid as a draft (it needs a title) it stays in this browser.
  const notReady = id === null && dirty ? (Object.values(validatePost(toPostBody(form, 'draft')))[0] ?? null) : null

  /** The server now holds `sent` as `stored`: the editor follows it, and a new post's editor moves to its address. */
  const adopt = (stored: Post, sent: PostForm) => {
    queryClient.setQueryData(adminKeys.post(stored.id), stored)
    const next = { ...sent, slug: stored.slug, scheduledAt: formFromPost(stored).scheduledAt }
    setBaseline(next)
    setForm((f) => (same(f, sent) ? next : { ...f, slug: slugTouched.current ? f.slug : stored.slug }))
    slugTouched.current = true
    clearBackup(id)
    forgetServerCopy()
    if (id === null) {
      keepEditorFor(stored.id)
      navigate(paths.admin.editPost(stored.id), { replace: true, scroll: false })
    }
    return next
  }

  // Autosave: a new post's first one creates it as a draft (so "Saved" means findable in Posts); after that the
  // working copy is kept on the server until a save makes it the post.
  const autosave = useAutosave(form, dirty && !notReady && !savePending, async (sent) => {
    if (id !== null) return void (await saveAutosave(key, sent))
    const body = toPostBody(sent, 'draft')
    const created = await apiJson(PostSchema, '/api/posts', {
      method: 'POST',
      body: { ...body, slug: slugTouched.current ? body.slug : undefined, authorId: user?.id },
    })
    adopt(created, sent)
    void refreshPosts(queryClient)
  })
  useUnsavedGuard(dirty && autosave.state !== 'saved')

  // The server's working copy arrives after the first render: offer it when it is the newest unsaved text.
  const offeredServer = useRef(false)
  useEffect(() => {
    if (offeredServer.current || !serverCopy.data) return
    offeredServer.current = true
    const remote = pendingBackup(post, baseline, serverCopy.data)
    if (remote && !dirty) setOffer((current) => newer(current, { ...remote, where: 'server' }))
  }, [serverCopy.data, post, baseline, dirty])

  // Opening New Post puts the cursor in the title, where writing starts.
  const opensNew = useRef(post === null)
  useEffect(() => {
    if (opensNew.current) document.getElementById('post-title')?.focus()
  }, [])

  const adoptForm = (next: PostForm) => {
    setForm(next)
    slugTouched.current = Boolean(next.slug)
  }

  useEffect(() => {
    if (!dirty) return
    const timer = setTimeout(() => writeBackup(id, form), 300)
    return () => clearTimeout(timer)
  }, [form, dirty, id])

  const updateContent = useCallback(
    (apply: (content: string) => string) => setForm((f) => ({ ...f, content: apply(f.content) })),
    [],
  )
  useLibraryInsert(updateContent)

  const newsletter = useNewsletterChoice(post)
  const [altMissing, setAltMissing] = useState(0)
  // Images a published post went out with, or that the writer chose to publish without alt text, are not asked again.
  const altAnswered = useRef(new Set(post?.status === 'published' ? imagesWithoutAlt(post.content) : []))
  const set = <K extends keyof PostForm>(key: K, value: PostForm[K]) => setForm((f) => ({ ...f, [key]: value }))
  const onTitle = (title: string) =>
    setForm((f) => ({ ...f, title, slug: slugTouched.current && f.slug ? f.slug : slugify(title) }))
  const onSlug = (slug: string) => {
    slugTouched.current = slug !== ''
    set('slug', slug)
  }

  // While a new post's first autosave creates it, a save would create a second one: it waits.
  const pending = savePending || (id === null && autosave.state === 'saving')
  const save = (status: PostStatus, altChecked = false) => {
    if (pending) return
    const body = {
      ...toPostBody(form, status),
      ...(newsletter.offered ? { sendNewsletter: newsletter.send } : {}),
    }
    const found = validatePost(body)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    // A nudge, not a block: publishing images without alt text asks once, then goes ahead if told to.
    const noAlt = imagesWithoutAlt(form.content).filter((src) => !altAnswered.current.has(src))
    if (status === 'published' && !altChecked && noAlt.length > 0) return setAltMissing(noAlt.length)
    if (altChecked) noAlt.forEach((src) => altAnswered.current.add(src))
    const sent = form
    const before = post?.status ?? null
    const announce = (stored: Post) => savedToast(before, stored)
    const done = (stored: Post) => autosave.markSaved(adopt(stored, sent))
    // The mutation toasts the outcome; a taken slug (409) is also shown next to the slug field.
    const failed = (err: Error) => {
      if (err instanceof HttpError && err.status === 409) setErrors({ slug: errorText(err) })
    }
    if (id === null)
      create.mutate({ body: { ...body, authorId: user?.id }, announce }, { onSuccess: done, onError: failed })
    else update.mutate({ id, body, announce }, { onSuccess: done, onError: failed })
  }

  // Ctrl/Cmd+S saves without changing the post's state.
  useSaveShortcut(() => save(post?.status ?? 'draft'))

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <Button asChild variant="ghost" size="icon">
            <Link href={paths.admin.posts()} aria-label="Back to posts">
              <ArrowLeft aria-hidden="true" />
            </Link>
          </Button>
          <h1 className="text-2xl font-bold sm:text-3xl">{post ? 'Edit Post' : 'Create New Post'}</h1>
          <PostState post={post} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <AutosaveStatus state={autosave} copy={dirty && post?.status !== 'draft'} notReady={notReady} />
          <EditorActions saved={post} pending={pending} save={save} />
        </div>
      </header>
      <AltTextWarning
        count={altMissing}
        contentId="post-content"
        onCancel={() => setAltMissing(0)}
        onConfirm={() => {
          setAltMissing(0)
          save('published', true)
        }}
      />
      {offer && (
        <RestoreBanner
          backup={offer}
          where={offer.where}
          onRestore={() => {
            adoptForm(offer.form)
            setOffer(null)
          }}
          onDiscard={() => {
            clearBackup(id)
            void discardAutosave(key).catch(() => undefined)
            forgetServerCopy()
            setOffer(null)
          }}
        />
      )}
      <div className={split ? 'grid grid-cols-1 gap-6' : 'grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]'}>
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
                {...invalidProps('post-slug', errors.slug)}
              />
            </Field>
            <Field id="post-content" label="Content" error={errors.content}>
              <MarkdownEditor
                id="post-content"
                value={form.content}
                onChange={updateContent}
                invalid={Boolean(errors.content)}
                describedBy={errors.content ? 'post-content-error' : undefined}
                split={split}
                onSplitChange={setSplit}
              />
            </Field>
          </CardContent>
        </Card>
        <div className={split ? 'grid items-start gap-6 md:grid-cols-2 xl:grid-cols-3' : 'space-y-6'}>
          <PrePublishPanel form={form} />
          {post?.status !== 'published' && (
            <SchedulePanel
              value={form.scheduledAt ?? ''}
              onChange={(value) => set('scheduledAt', value)}
              scheduledFor={post?.status === 'scheduled' ? post.publishedAt : null}
              error={errors.publishedAt}
              pending={pending}
              onSchedule={() => save('scheduled')}
            />
          )}
          <NewsletterSwitch choice={newsletter} />
          <PostSettingsPanel form={form} errors={errors} set={set} />
          <SeoSettingsPanel form={form} errors={errors} set={set} />
          {post && <SharePreviewPanel postId={post.id} onPreview={() => setPreviewing(true)} />}
          {post && <RevisionsPanel postId={post.id} current={form.content} onRestored={adoptForm} />}
        </div>
      </div>
      <EditorPreviewDialog open={previewing} onOpenChange={setPreviewing} title={form.title} content={form.content} />
    </div>
  )
}
