import { useQuery } from '@tanstack/react-query'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { Textarea } from '../../../components/ui/textarea.tsx'
import { AuthorProfileSchema, type AuthorProfile } from '#shared/schemas/author.ts'
import { Field, invalidProps } from '../field.tsx'
import { ImageUploadField } from '../media/image-upload-field.tsx'
import { profileQuery, useSaveProfile } from '../queries.ts'
import { useSchemaForm } from '../use-schema-form.ts'

const AVATAR_MAX_BYTES = 2 * 1024 * 1024

/** The author's public profile: the byline's name, and the bio and avatar under each post. */
export function ProfileCard({ username }: { username: string }) {
  const profile = useQuery(profileQuery())
  return (
    <Card>
      <CardHeader>
        <CardTitle>Author profile</CardTitle>
        <CardDescription>
          How readers see you: on bylines, under each post, in the feed and search results.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {profile.data ? <ProfileForm initial={profile.data} username={username} /> : <Skeleton className="h-64" />}
      </CardContent>
    </Card>
  )
}

function ProfileForm({ initial, username }: { initial: AuthorProfile; username: string }) {
  const save = useSaveProfile()
  const { values, setValues, errors, onSubmit } = useSchemaForm(AuthorProfileSchema, save, initial, {
    errorTitle: 'Error saving profile',
  })
  const set = (key: 'displayName' | 'bio') => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }))

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
      <Field id="profile-displayName" label="Display name" error={errors.displayName}>
        <Input
          id="profile-displayName"
          value={values.displayName}
          maxLength={80}
          placeholder={username}
          onChange={set('displayName')}
          aria-describedby="profile-displayName-hint"
          {...invalidProps('profile-displayName', errors.displayName)}
        />
        <p id="profile-displayName-hint" className="text-sm text-muted-foreground">
          Shown on bylines. Empty: your username.
        </p>
      </Field>
      <Field id="profile-bio" label="Bio" error={errors.bio}>
        <Textarea
          id="profile-bio"
          value={values.bio}
          maxLength={1000}
          rows={4}
          onChange={set('bio')}
          {...invalidProps('profile-bio', errors.bio)}
        />
      </Field>
      <ImageUploadField
        id="profile-avatar"
        label="Avatar"
        url={values.avatar}
        onChange={(avatar) => setValues((v) => ({ ...v, avatar }))}
        hint="Square JPG or PNG, under 2MB"
        maxBytes={AVATAR_MAX_BYTES}
        tooLarge="Please select an image under 2MB."
        previewClassName="size-20 rounded-full border object-cover"
      />
      {errors.avatar && <p className="text-sm font-medium text-destructive">{errors.avatar}</p>}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Profile'}
      </Button>
    </form>
  )
}
