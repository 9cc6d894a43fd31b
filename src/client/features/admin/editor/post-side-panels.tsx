import { useQuery } from '@tanstack/react-query'
import { Images } from 'lucide-react'
import { useState } from 'react'
import { uploadOf } from '#shared/images/variants.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Checkbox } from '../../../components/ui/checkbox.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { NativeSelect } from '../../../components/ui/native-select.tsx'
import { Textarea } from '../../../components/ui/textarea.tsx'
import { Field, InputField, invalidProps } from '../field.tsx'
import { MediaPicker } from '../media/media-picker.tsx'
import { thumbnailUrl } from '../media/media-queries.ts'
import { categoriesQuery } from '../queries.ts'
import type { PostForm } from '#shared/post-draft.ts'

type PanelProps = {
  form: PostForm
  errors: Record<string, string>
  set: <K extends keyof PostForm>(key: K, value: PostForm[K]) => void
}

export function PostSettingsPanel({ form, errors, set }: PanelProps) {
  const categories = useQuery(categoriesQuery())
  const [picking, setPicking] = useState(false)
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Post Settings</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <Field id="post-category" label="Category" error={errors.categoryId}>
          <NativeSelect id="post-category" value={form.categoryId} onChange={(e) => set('categoryId', e.target.value)}>
            <option value="">No category</option>
            {categories.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="post-featured-image" label="Featured Image URL" error={errors.featuredImage}>
          <Input
            id="post-featured-image"
            value={form.featuredImage}
            onChange={(e) => set('featuredImage', e.target.value)}
            {...invalidProps('post-featured-image', errors.featuredImage)}
            aria-describedby={
              errors.featuredImage ? 'post-featured-image-hint post-featured-image-error' : 'post-featured-image-hint'
            }
          />
          <p id="post-featured-image-hint" className="text-xs text-muted-foreground">
            When empty, the first image in the content
          </p>
          {form.featuredImage && uploadOf(form.featuredImage) && (
            <img
              src={thumbnailUrl(form.featuredImage)}
              alt="Featured image preview"
              className="aspect-video w-full rounded-md border bg-muted object-cover"
            />
          )}
          <Button variant="outline" size="sm" onClick={() => setPicking(true)}>
            <Images aria-hidden="true" />
            Choose from library
          </Button>
          <MediaPicker
            open={picking}
            onOpenChange={setPicking}
            title="Choose the featured image"
            description="Shown at the top of the post, on its cards and when it is shared."
            onPick={(item) => set('featuredImage', item.url)}
          />
        </Field>
        <InputField
          id="post-author-name"
          label="Author Name"
          value={form.authorName}
          onChange={(e) => set('authorName', e.target.value)}
          error={errors.authorName}
        />
        <Field id="post-tags" label="Tags" error={errors.tags}>
          <Input id="post-tags" value={form.tagsInput} onChange={(e) => set('tagsInput', e.target.value)} />
          <p className="text-xs text-muted-foreground">Separate tags with commas</p>
        </Field>
        <div className="flex items-start gap-3">
          <Checkbox
            id="post-featured"
            className="mt-0.5"
            checked={form.featured}
            onChange={(e) => set('featured', e.target.checked)}
            aria-describedby="post-featured-hint"
          />
          <div className="space-y-1">
            <Label htmlFor="post-featured">Featured on Home Page</Label>
            <p id="post-featured-hint" className="text-xs text-muted-foreground">
              Show this post prominently on the home page
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  )
}

export function SeoSettingsPanel({ form, errors, set }: PanelProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">SEO Settings</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <InputField
          id="post-meta-title"
          label="Meta Title"
          value={form.metaTitle}
          onChange={(e) => set('metaTitle', e.target.value)}
          error={errors.metaTitle}
        />
        <Field id="post-excerpt" label="Excerpt" error={errors.excerpt}>
          <Textarea
            id="post-excerpt"
            rows={3}
            value={form.excerpt}
            placeholder="Generated from the content when empty"
            onChange={(e) => set('excerpt', e.target.value)}
            {...invalidProps('post-excerpt', errors.excerpt)}
          />
        </Field>
        <Field id="post-meta-description" label="Meta Description" error={errors.metaDescription}>
          <Textarea
            id="post-meta-description"
            rows={3}
            value={form.metaDescription}
            onChange={(e) => set('metaDescription', e.target.value)}
            {...invalidProps('post-meta-description', errors.metaDescription)}
          />
        </Field>
      </CardContent>
    </Card>
  )
}
