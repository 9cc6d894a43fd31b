/**
 * The React key of the editor screen. A new post's editor keeps its state (text, cursor, focus) when its first save
 * creates the post and the address becomes /admin/posts/{id}/edit; opening New Post again starts afresh.
 */
let newEditor = 0
const createdBy = new Map<string, string>()

export const editorSessionKey = (id: string | null): string => (id && createdBy.get(id)) || id || `new-${newEditor}`

/** Call just before moving a new post's editor to the created post's address. */
export function keepEditorFor(createdId: string): void {
  createdBy.set(createdId, `new-${newEditor}`)
  newEditor++
}
