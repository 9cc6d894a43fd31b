// How the pages of a post's comments are addressed: the API's `Link: <…?after=ID>; rel="next"` header, and the post
// page's `?comments-after=ID` that "Show more" links to without JavaScript.

export const COMMENTS_AFTER_PARAM = 'comments-after'

export const commentsPageUrl = (postId: string, after?: string | null) =>
  `/api/posts/${encodeURIComponent(postId)}/comments${after ? `?after=${encodeURIComponent(after)}` : ''}`

/** The `after` of the next page named by a Link header, or null. */
export function nextFromLink(link: string | null): string | null {
  const next = link?.split(',').find((part) => /;\s*rel="?next"?/.test(part))
  const url = next && /<([^>]*)>/.exec(next)?.[1]
  return url ? new URL(url, 'http://x').searchParams.get('after') : null
}

/** The `comments-after` of a post page's search string, when it looks like an id (at most 64 characters). */
export function commentsAfterOf(search: string | URLSearchParams): string | undefined {
  const value = (typeof search === 'string' ? new URLSearchParams(search) : search).get(COMMENTS_AFTER_PARAM)
  return value && value.length <= 64 ? value : undefined
}
