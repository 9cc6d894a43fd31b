/** What whoever started the server reads first, in words rather than JSON: where to go next. */
export function readyMessage(publicUrl: string, needsAdmin: boolean): string {
  const admin = `${publicUrl}/admin`
  return needsAdmin
    ? `blog: running at ${publicUrl}. Open ${admin} to create your account.\n`
    : `blog: running at ${publicUrl}. Sign in at ${admin}.\n`
}
