import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../lib/toast.tsx'
import { SOCIAL_KEYS, type SiteSetting, type SocialKey } from '#shared/schemas/site.ts'
import { Field, invalidProps, serverIssues } from '../field.tsx'
import { errorText, settingsQuery, useSaveSettings } from '../queries.ts'

const LABELS: Record<SocialKey, string> = {
  linkedin_url: 'LinkedIn URL',
  instagram_url: 'Instagram URL',
  x_url: 'X URL',
}
const PLACEHOLDERS: Record<SocialKey, string> = {
  linkedin_url: 'https://linkedin.com/in/username',
  instagram_url: 'https://instagram.com/username',
  x_url: 'https://x.com/username',
}

export function SocialTab() {
  const settings = useQuery(settingsQuery())
  return (
    <Card>
      <CardHeader>
        <CardTitle>Social Media</CardTitle>
        <CardDescription>Links shown in the site footer. Leave a field empty to hide it.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.data ? <SocialForm initial={settings.data} /> : <Skeleton className="h-48" />}
      </CardContent>
    </Card>
  )
}

function SocialForm({ initial }: { initial: SiteSetting[] }) {
  const save = useSaveSettings()
  const [values, setValues] = useState<Record<SocialKey, string>>(() => {
    const byKey = new Map(initial.map((s) => [s.key, s.value]))
    return {
      linkedin_url: byKey.get('linkedin_url') ?? '',
      instagram_url: byKey.get('instagram_url') ?? '',
      x_url: byKey.get('x_url') ?? '',
    }
  })
  const [errors, setErrors] = useState<Partial<Record<SocialKey, string>>>({})
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setErrors({})
    save.mutate(
      { settings: SOCIAL_KEYS.map((key) => ({ key, value: values[key].trim() })) },
      {
        onError: (err) => {
          // The server names each refused value by its place in the list we sent (`settings.1.value`).
          const byField: Partial<Record<SocialKey, string>> = {}
          for (const issue of serverIssues(err)) {
            const key = SOCIAL_KEYS[Number(/^settings\.(\d+)/.exec(issue.path)?.[1])]
            if (key && !byField[key]) byField[key] = issue.message
          }
          setErrors(byField)
          const fixable = Object.keys(byField).length > 0
          toast({
            title: 'Error saving settings',
            description: fixable ? 'Check the highlighted fields.' : errorText(err),
            variant: 'destructive',
          })
        },
      },
    )
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {SOCIAL_KEYS.map((key) => (
        <Field key={key} id={`social-${key}`} label={LABELS[key]} error={errors[key]}>
          <Input
            id={`social-${key}`}
            type="url"
            placeholder={PLACEHOLDERS[key]}
            value={values[key]}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
            {...invalidProps(`social-${key}`, errors[key])}
          />
        </Field>
      ))}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </form>
  )
}
