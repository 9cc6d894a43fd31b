import type { PostDetail } from '#shared/schemas/post.ts'
import { uploadOf, variantUrl } from '#shared/images/variants.ts'
import { useQuery } from '../../lib/page-query.ts'
import { authorQuery } from './queries.ts'

/**
 * The author's avatar, name and bio under a post, from their profile (Settings → Account). A post that names
 * another author (an imported one keeps its original author) shows no card: the profile is not theirs.
 */
export function AuthorCard({ post }: { post: Pick<PostDetail, 'authorId' | 'authorName' | 'author'> }) {
  const profile = useQuery({ ...authorQuery(post.authorId ?? ''), enabled: Boolean(post.authorId) }).data
  if (!profile || (!profile.bio && !profile.avatar)) return null
  if (post.authorName !== (profile.displayName || post.author.username)) return null
  const upload = uploadOf(profile.avatar)
  return (
    <aside aria-label="About the author" className="mt-10 flex items-start gap-4 rounded-xl border bg-card p-5">
      {upload && (
        <img
          src={variantUrl(upload.hash, 480, upload.ext)}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          className="size-16 shrink-0 rounded-full object-cover"
        />
      )}
      <div className="min-w-0">
        <p className="font-semibold">{post.authorName}</p>
        {profile.bio && <p className="mt-1 whitespace-pre-line text-sm text-muted-foreground">{profile.bio}</p>}
      </div>
    </aside>
  )
}
