import type { AuthorProfile } from '#shared/schemas/author.ts'
import type { Db } from '../../db/client.ts'

const blankToNull = (v: string) => (v === '' ? null : v)

/** A user's public profile (empty until saved), or null when there is no such user. */
export async function getAuthorProfile(db: Db, userId: string): Promise<AuthorProfile | null> {
  const row = await db
    .selectFrom('users')
    .leftJoin('author_profiles', 'author_profiles.user_id', 'users.id')
    .select(['author_profiles.display_name', 'author_profiles.bio', 'author_profiles.avatar'])
    .where('users.id', '=', userId)
    .executeTakeFirst()
  return row ? { displayName: row.display_name ?? '', bio: row.bio ?? '', avatar: row.avatar ?? '' } : null
}

export async function updateAuthorProfile(
  db: Db,
  userId: string,
  input: AuthorProfile,
  now: Date,
): Promise<AuthorProfile> {
  const fields = {
    display_name: blankToNull(input.displayName),
    bio: blankToNull(input.bio),
    avatar: blankToNull(input.avatar),
    updated_at: now.toISOString(),
  }
  await db
    .insertInto('author_profiles')
    .values({ user_id: userId, ...fields })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(fields))
    .execute()
  return input
}
