import { describe, expect, it } from 'vitest'
import { formFromPost, toPostBody } from '#shared/post-draft.ts'
import { PostSchema, type Post } from '#shared/schemas/post.ts'
import { adminAppForAll } from './helpers.ts'

const t = adminAppForAll()

const FIRST = 'The first version says one thing about gardens.'
const SECOND = 'The second version talks about boats instead.'
// 200 characters end inside "happens": "…and when it h".
const PREFIX = `${'Gardens grow slowly, '.repeat(8)}Every spring came, `
const LONG = `${PREFIX}and when it happens the whole street notices the colour.`

const create = async (payload: Record<string, unknown>) => {
  const res = await t.request({ method: 'POST', url: '/api/posts', cookie: t.cookie, payload })
  expect(res.statusCode, res.body).toBe(201)
  return PostSchema.parse(res.json())
}
const put = async (id: string, payload: Record<string, unknown>) => {
  const res = await t.request({ method: 'PUT', url: `/api/posts/${id}`, cookie: t.cookie, payload })
  expect(res.statusCode, res.body).toBe(200)
  return PostSchema.parse(res.json())
}
/** What the editor sends on its next save, after the writer changed only the content. */
const editorSave = (post: Post, content: string) =>
  put(post.id, toPostBody({ ...formFromPost(post), content }, post.status))

describe('an excerpt the writer never typed stays derived', () => {
  it('is made again from the content on every save from the editor', async () => {
    const post = await create({ title: 'Derived', content: FIRST, status: 'published' })
    expect(post.excerpt).toBe(FIRST)
    expect(formFromPost(post).excerpt).toBe('')
    const saved = await editorSave(post, SECOND)
    expect(saved.excerpt).toBe(SECOND)
    // The meta description was never typed either: it stays empty, so pages describe the post by its excerpt.
    expect(saved.metaDescription).toBeNull()
    expect((await editorSave(saved, `${SECOND} More.`)).excerpt).toBe(`${SECOND} More.`)
  })

  it('is made again when only the content is sent', async () => {
    const post = await create({ title: 'Partial', content: FIRST })
    expect((await put(post.id, { content: SECOND })).excerpt).toBe(SECOND)
  })

  it('keeps an excerpt the writer typed, whatever the content becomes', async () => {
    const post = await create({ title: 'Typed', content: FIRST, excerpt: 'My own words.' })
    expect(formFromPost(post).excerpt).toBe('My own words.')
    expect((await editorSave(post, SECOND)).excerpt).toBe('My own words.')
    expect((await put(post.id, { content: FIRST })).excerpt).toBe('My own words.')
  })

  it('follows the content for a post whose excerpt was cut the older way, inside a word', async () => {
    const post = await create({ title: 'Older cut', content: LONG })
    // A post saved before cuts fell between words holds the hard cut.
    const older = await put(post.id, { excerpt: `${LONG.slice(0, 200).trimEnd()}...` })
    expect(older.excerpt).toMatch(/when it h\.\.\.$/)
    expect(formFromPost(older).excerpt).toBe('')
    expect((await editorSave(older, SECOND)).excerpt).toBe(SECOND)
  })

  it('ends a generated excerpt on a word boundary', async () => {
    const post = await create({ title: 'Word boundary', content: LONG })
    expect(post.excerpt).toBe(`${PREFIX}and when it...`)
  })
})
