import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent } from '../../../components/ui/card.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { NativeSelect } from '../../../components/ui/native-select.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { Textarea } from '../../../components/ui/textarea.tsx'
import { Link, useNavigate } from '../../../lib/router.tsx'
import { paths } from '#shared/paths.ts'
import { FooterPageInputSchema, type FooterPage } from '#shared/schemas/site.ts'
import { Field, fieldErrors, invalidProps } from '../field.tsx'
import { footerPageQuery, useSaveFooterPage } from '../queries.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import { FooterImageField } from './footer-image-field.tsx'

/** /admin/footer-pages/{id}/edit; an id of 'new' (or the /new path) creates a page. */
export function FooterPageEditor({ id }: { id: string | null }) {
  useDocumentTitle(id ? 'Edit Footer Page' : 'Create Footer Page')
  const page = useQuery({ ...footerPageQuery(id ?? ''), enabled: id !== null, staleTime: 0 })
  if (id === null) return <FooterPageForm page={null} />
  if (page.isPending) return <Spinner label="Loading page" />
  if (page.isError)
    return (
      <div className="py-16 text-center">
        <h1 className="text-2xl font-bold">Page Not Found</h1>
        <p className="mt-2 text-muted-foreground">The page you're looking for doesn't exist.</p>
      </div>
    )
  return <FooterPageForm page={page.data} />
}

function FooterPageForm({ page }: { page: FooterPage | null }) {
  const navigate = useNavigate()
  const save = useSaveFooterPage()
  const [values, setValues] = useState({
    title: page?.title ?? '',
    metaTitle: page?.metaTitle ?? '',
    metaDescription: page?.metaDescription ?? '',
    content: page?.content ?? '',
    featuredImage: page?.featuredImage ?? '',
    status: page && !page.isActive ? 'draft' : 'active',
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }))

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const body = {
      title: values.title,
      content: values.content,
      metaTitle: values.metaTitle.trim() || null,
      metaDescription: values.metaDescription.trim() || null,
      featuredImage: values.featuredImage || null,
      isActive: values.status === 'active',
    }
    const parsed = FooterPageInputSchema.safeParse(body)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues))
      return
    }
    setErrors({})
    save.mutate(
      { id: page?.id ?? null, body },
      { onSuccess: () => navigate(`${paths.admin.settings()}?tab=footer-pages`) },
    )
  }

  const invalid = (key: string) => invalidProps(`footer-${key}`, errors[key])

  return (
    <div className="space-y-6">
      <header className="flex items-center gap-3">
        <Button asChild variant="ghost" size="icon">
          <Link href={`${paths.admin.settings()}?tab=footer-pages`} aria-label="Back to settings">
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
        <h1 className="text-2xl font-bold sm:text-3xl">{page ? 'Edit Footer Page' : 'Create Footer Page'}</h1>
      </header>
      <Card>
        <CardContent className="pt-6">
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <div className="grid grid-cols-1 gap-4 md:grid-cols-[1fr_14rem]">
              <Field id="footer-title" label="Title *" error={errors.title}>
                <Input id="footer-title" required value={values.title} onChange={set('title')} {...invalid('title')} />
              </Field>
              <Field id="footer-status" label="Status">
                <NativeSelect id="footer-status" value={values.status} onChange={set('status')}>
                  <option value="active">Active: readers see it</option>
                  <option value="draft">Draft: hidden from readers</option>
                </NativeSelect>
              </Field>
            </div>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <Field id="footer-metaTitle" label="Meta Title" error={errors.metaTitle}>
                <Input
                  id="footer-metaTitle"
                  value={values.metaTitle}
                  onChange={set('metaTitle')}
                  {...invalid('metaTitle')}
                />
              </Field>
              <Field id="footer-metaDescription" label="Meta Description" error={errors.metaDescription}>
                <Input
                  id="footer-metaDescription"
                  value={values.metaDescription}
                  onChange={set('metaDescription')}
                  {...invalid('metaDescription')}
                />
              </Field>
            </div>
            <FooterImageField
              url={values.featuredImage}
              onChange={(url) => setValues((v) => ({ ...v, featuredImage: url }))}
            />
            <Field id="footer-content" label="Content *" error={errors.content}>
              <Textarea
                id="footer-content"
                required
                rows={15}
                className="font-mono text-sm"
                value={values.content}
                onChange={set('content')}
                {...invalid('content')}
              />
              <p className="text-xs text-muted-foreground">
                Markdown, as in posts: # for headings, - for bullet items, **bold**, [text](https://…) for a link.
              </p>
            </Field>
            <div className="flex justify-end gap-2">
              <Button asChild variant="outline">
                <Link href={`${paths.admin.settings()}?tab=footer-pages`}>Cancel</Link>
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {page ? 'Update Page' : 'Create Page'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  )
}
