import { once } from 'node:events'
import fs from 'node:fs'
import { Readable } from 'node:stream'

const TAGS = 30

/** One post as Ghost exports it, with a few KB of HTML: headings, paragraphs, a list, a link. */
function ghostPost(i: number) {
  const paragraph = (n: number) =>
    `<p>Paragraph ${n} of post ${i}: a sentence about gardens, trains and <a href="https://example.com/${i}">a link</a>. ${'More words follow here, as a real post has them. '.repeat(6)}</p>`
  const html = [
    `<h2>Part one of ${i}</h2>`,
    paragraph(1),
    paragraph(2),
    '<ul><li>first</li><li>second <strong>strong</strong></li><li>third</li></ul>',
    `<h2>Part two of ${i}</h2>`,
    paragraph(3),
    paragraph(4),
  ].join('\n')
  const at = new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString()
  return {
    id: `p${i}`,
    title: `Imported Ghost post ${i}`,
    slug: `imported-ghost-post-${i}`,
    html,
    status: 'published',
    type: 'post',
    created_at: at,
    updated_at: at,
    published_at: at,
    custom_excerpt: null,
  }
}

/** A Ghost export of `posts` valid posts, each tagged with two of 30 tags. */
export function largeGhostExport(posts: number): string {
  const tags = Array.from({ length: TAGS }, (_, t) => ({ id: `t${t}`, name: `Topic ${t}`, slug: `topic-${t}` }))
  const postsTags = Array.from({ length: posts }, (_, i) => [
    { post_id: `p${i}`, tag_id: `t${i % TAGS}`, sort_order: 0 },
    { post_id: `p${i}`, tag_id: `t${(i * 7 + 3) % TAGS}`, sort_order: 1 },
  ]).flat()
  const data = { posts: Array.from({ length: posts }, (_, i) => ghostPost(i)), tags, posts_tags: postsTags }
  return JSON.stringify({ db: [{ meta: { version: '5.0.0' }, data }] })
}

/**
 * Writes a Ghost export of at least `bytes` to `file` with a write stream, a post at a time (it is never held in
 * memory whole). Resolves with its size.
 */
export async function writeGhostExportFile(file: string, bytes: number): Promise<number> {
  const out = fs.createWriteStream(file)
  let written = 0
  const write = async (text: string) => {
    written += Buffer.byteLength(text)
    if (!out.write(text)) await once(out, 'drain')
  }
  await write('{"db":[{"meta":{"version":"5.0.0"},"data":{"posts":[')
  for (let i = 0; written < bytes; i++) await write(`${i ? ',' : ''}${JSON.stringify(ghostPost(i))}`)
  await write('],"tags":[],"posts_tags":[]}}]}')
  out.end()
  await once(out, 'finish')
  return written
}

/** A multipart/form-data body streaming `file` as the form's `file` field: for fetch with `duplex: 'half'`. */
export function streamedUpload(file: string, name: string, type: string) {
  const boundary = `----stream${crypto.randomUUID().replace(/-/g, '')}`
  async function* body() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    )
    for await (const chunk of fs.createReadStream(file)) yield chunk as Buffer
    yield Buffer.from(`\r\n--${boundary}--\r\n`)
  }
  return {
    body: Readable.toWeb(Readable.from(body())) as unknown as BodyInit,
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}
