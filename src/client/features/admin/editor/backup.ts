import type { PostForm } from '#shared/post-draft.ts'

/** Spec §3: a local backup of unsaved edits, valid for 24 hours; one per post id, or 'new'. */
export const BACKUP_TTL_MS = 24 * 60 * 60 * 1000
const PREFIX = 'blog_post_backup_'

export type Backup = { savedAt: string; form: PostForm }

export const backupKey = (id: string | null) => `${PREFIX}${id ?? 'new'}`

export function readBackup(id: string | null, now = Date.now()): Backup | null {
  try {
    const raw = window.localStorage.getItem(backupKey(id))
    if (!raw) return null
    const backup = JSON.parse(raw) as Backup
    if (!backup?.form || typeof backup.savedAt !== 'string') return null
    if (now - Date.parse(backup.savedAt) > BACKUP_TTL_MS) {
      clearBackup(id)
      return null
    }
    return backup
  } catch {
    return null
  }
}

export function writeBackup(id: string | null, form: PostForm): void {
  try {
    window.localStorage.setItem(backupKey(id), JSON.stringify({ savedAt: new Date().toISOString(), form }))
  } catch {
    // storage full or unavailable: the backup is a convenience only
  }
}

export function clearBackup(id: string | null): void {
  try {
    window.localStorage.removeItem(backupKey(id))
  } catch {
    // ignore
  }
}
