/**
 * The first thing an operator reads after start-up, in plain words beside the JSON log lines: where the blog is, and
 * where to go next (with the one-time setup link while there is no admin).
 */
export function whereToGo(publicUrl: string, setupToken: string | null): string {
  const base = publicUrl.replace(/\/+$/, '')
  const next = setupToken
    ? `No admin account yet: open ${base}/admin?setup=${setupToken} to create your account (the link works once).`
    : `Sign in to write at ${base}/admin`
  return `\nThe blog is running at ${base}/\n${next}\n\n`
}
