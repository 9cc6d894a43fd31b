import { useQuery } from '@tanstack/react-query'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Checkbox } from '../../../components/ui/checkbox.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { NativeSelect } from '../../../components/ui/native-select.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { Textarea } from '../../../components/ui/textarea.tsx'
import { SiteIdentitySchema, type SiteIdentity } from '#shared/schemas/site-identity.ts'
import { Field, invalidProps } from '../field.tsx'
import { ImageUploadField } from '../media/image-upload-field.tsx'
import { siteIdentityQuery, useSaveSiteIdentity } from '../queries.ts'
import { useSchemaForm } from '../use-schema-form.ts'

const ICON_MAX_BYTES = 2 * 1024 * 1024
const LOGO_MAX_BYTES = 5 * 1024 * 1024

/** Every zone the browser knows, with the saved one kept even if this browser does not list it. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return [...new Set(['UTC', current, ...known])]
}

export function GeneralTab() {
  const identity = useQuery(siteIdentityQuery())
  return (
    <Card>
      <CardHeader>
        <CardTitle>General</CardTitle>
        <CardDescription>
          Your site&apos;s name, words, look and language, as readers and feeds see them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {identity.data ? <GeneralForm initial={identity.data} /> : <Skeleton className="h-96" />}
      </CardContent>
    </Card>
  )
}

type TextKey = Exclude<keyof SiteIdentity, 'fullContentRss' | 'logo' | 'favicon'>

function GeneralForm({ initial }: { initial: SiteIdentity }) {
  const save = useSaveSiteIdentity()
  const { values, setValues, errors, onSubmit } = useSchemaForm(SiteIdentitySchema, save, initial, {
    errorTitle: 'Error saving settings',
    pointAtFields: true,
  })
  const set = <K extends keyof SiteIdentity>(key: K, value: SiteIdentity[K]) =>
    setValues((v) => ({ ...v, [key]: value }))
  const text = (key: TextKey) => ({
    id: `site-${key}`,
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    ...invalidProps(`site-${key}`, errors[key]),
  })

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-2xl space-y-6">
      <Field id="site-title" label="Site title" error={errors.title}>
        <Input {...text('title')} maxLength={100} required />
      </Field>
      <Field id="site-tagline" label="Tagline" error={errors.tagline}>
        <Input {...text('tagline')} maxLength={200} aria-describedby="site-tagline-hint" />
        <p id="site-tagline-hint" className="text-sm text-muted-foreground">
          The home page&apos;s headline and the second half of its title.
        </p>
      </Field>
      <Field id="site-description" label="Description" error={errors.description}>
        <Textarea {...text('description')} maxLength={500} rows={3} aria-describedby="site-description-hint" />
        <p id="site-description-hint" className="text-sm text-muted-foreground">
          For search engines, social cards and the RSS feed.
        </p>
      </Field>
      <Field id="site-heroText" label="Home page text" error={errors.heroText}>
        <Textarea {...text('heroText')} maxLength={500} rows={3} aria-describedby="site-heroText-hint" />
        <p id="site-heroText-hint" className="text-sm text-muted-foreground">
          Under the headline on the home page. Leave it empty to show the description.
        </p>
      </Field>

      <div className="grid gap-6 sm:grid-cols-2">
        <ImageUploadField
          id="site-logo"
          label="Logo"
          url={values.logo}
          onChange={(url) => set('logo', url)}
          hint="Square PNG or WebP, under 5MB"
          maxBytes={LOGO_MAX_BYTES}
          tooLarge="Please select an image under 5MB."
          previewClassName="size-24 rounded-md border bg-muted object-contain p-1"
        />
        <ImageUploadField
          id="site-favicon"
          label="Favicon"
          url={values.favicon}
          onChange={(url) => set('favicon', url)}
          hint="Square PNG, at least 180 × 180, under 2MB"
          maxBytes={ICON_MAX_BYTES}
          tooLarge="Please select an image under 2MB."
          previewClassName="size-16 rounded-md border bg-muted object-contain p-1"
        />
      </div>
      {(errors.logo || errors.favicon) && (
        <p className="text-sm font-medium text-destructive">{errors.logo ?? errors.favicon}</p>
      )}

      <div className="space-y-2">
        <Label htmlFor="site-accentColor">Accent colour</Label>
        <div className="flex items-center gap-3">
          <input
            type="color"
            aria-label="Pick the accent colour"
            value={/^#[0-9a-f]{6}$/i.test(values.accentColor) ? values.accentColor : '#000000'}
            onChange={(e) => set('accentColor', e.target.value)}
            className="h-10 w-14 cursor-pointer rounded-md border border-input bg-background p-1"
          />
          <Input {...text('accentColor')} maxLength={7} className="w-32 font-mono" />
        </div>
        {errors.accentColor && (
          <p id="site-accentColor-error" className="text-sm font-medium text-destructive">
            {errors.accentColor}
          </p>
        )}
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <Field id="site-timeZone" label="Time zone" error={errors.timeZone}>
          <NativeSelect {...text('timeZone')}>
            {timeZones(values.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="site-language" label="Language" error={errors.language}>
          <Input {...text('language')} maxLength={35} aria-describedby="site-language-hint" />
          <p id="site-language-hint" className="text-sm text-muted-foreground">
            A language tag such as en, de or pt-BR.
          </p>
        </Field>
      </div>

      <Field id="site-footerLine" label="Footer line" error={errors.footerLine}>
        <Input {...text('footerLine')} maxLength={300} aria-describedby="site-footerLine-hint" />
        <p id="site-footerLine-hint" className="text-sm text-muted-foreground">
          {'{year}'} becomes the current year and {'{title}'} the site title.
        </p>
      </Field>

      <div className="flex items-start gap-3">
        <Checkbox
          id="site-fullContentRss"
          checked={values.fullContentRss}
          onChange={(e) => set('fullContentRss', e.target.checked)}
          className="mt-0.5"
        />
        <div className="space-y-1">
          <Label htmlFor="site-fullContentRss">Full text in the RSS feed</Label>
          <p className="text-sm text-muted-foreground">Off: the feed carries each post&apos;s excerpt only.</p>
        </div>
      </div>

      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </form>
  )
}
