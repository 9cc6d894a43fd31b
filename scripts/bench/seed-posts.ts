// Seeds a benchmark blog through the repository layer: categories, and N published posts with ~1,500-word bodies.
import { insertPostsWithState } from '#server/features/posts/posts.service.ts'
import type { Db } from '#server/db/client.ts'
import type { NewPostRow } from '#server/db/schema.ts'

const FUNCTION_WORDS =
  'the a of and to in is it that for on with as was by this be are from at or an have not but which they you'.split(' ')
const SYLLABLES =
  'ka lo mi ren tas vel dor fin gra hul ith jor kes lum nar pol qui sar tin umb ver wal xen yor zel bri cla dra fle glo'.split(
    ' ',
  )

/** A vocabulary shaped like prose: a few function words and thousands of content words of falling frequency (Zipf). */
function vocabulary(size: number): string[] {
  const words = new Set<string>()
  for (let i = 0; words.size < size; i++) {
    const a = SYLLABLES[i % SYLLABLES.length]!
    const b = SYLLABLES[Math.floor(i / SYLLABLES.length) % SYLLABLES.length]!
    const c = i >= SYLLABLES.length ** 2 ? SYLLABLES[Math.floor(i / SYLLABLES.length ** 2) % SYLLABLES.length]! : ''
    words.add(`${a}${b}${c}`)
  }
  return [...words]
}
const CONTENT_WORDS = vocabulary(6000)
const WEIGHTS = CONTENT_WORDS.map((_, i) => 1 / (i + 1) ** 1.05)
const CUMULATIVE: number[] = []
for (const w of WEIGHTS) CUMULATIVE.push((CUMULATIVE.at(-1) ?? 0) + w)

function zipfWord(r: number): string {
  const target = r * CUMULATIVE.at(-1)!
  let lo = 0
  let hi = CUMULATIVE.length - 1
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (CUMULATIVE[mid]! < target) lo = mid + 1
    else hi = mid
  }
  return CONTENT_WORDS[lo]!
}

/** A small deterministic PRNG, so every run seeds the same blog. */
function random(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

const BODY_VARIANTS = 400

function body(rand: () => number): string {
  // Four words in ten are function words, the rest content words of prose-like frequency.
  const word = () => (rand() < 0.4 ? FUNCTION_WORDS[Math.floor(rand() * FUNCTION_WORDS.length)]! : zipfWord(rand()))
  const sentence = (n: number) => {
    const words = Array.from({ length: n }, word)
    return `${words[0]!.charAt(0).toUpperCase()}${words.join(' ').slice(1)}.`
  }
  const sections: string[] = []
  for (let s = 0; s < 5; s++) {
    sections.push(`## ${sentence(4).slice(0, -1)}`)
    for (let p = 0; p < 4; p++)
      sections.push(
        Array.from({ length: 5 }, () => sentence(15))
          .join(' ')
          .replace(/ (\w+) /, ' **$1** '),
      )
    if (s === 2)
      sections.push(
        '```ts\nexport function total(items: number[]): number {\n  return items.reduce((a, b) => a + b, 0)\n}\n```',
      )
    if (s === 3) sections.push(['- ' + sentence(6), '- ' + sentence(6), '- ' + sentence(6)].join('\n'))
  }
  return sections.join('\n\n')
}

export async function seedPosts(
  db: Db,
  count: number,
): Promise<{ slugs: string[]; categories: string[]; words: string[] }> {
  const rand = random(42)
  const now = new Date().toISOString()
  const author = crypto.randomUUID()
  await db
    .insertInto('users')
    .values({
      id: author,
      username: 'bench',
      email: 'bench@example.com',
      password_hash: 'x',
      role: 'system',
      created_at: now,
    })
    .execute()
  const categories = Array.from({ length: 8 }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Category ${i + 1}`,
    slug: `category-${i + 1}`,
    color: '#3b82f6',
    description: null,
    created_at: now,
  }))
  await db.insertInto('categories').values(categories).execute()
  const bodies = Array.from({ length: BODY_VARIANTS }, () => body(rand))
  // Titles, tags and searches use the words people search for: neither the commonest nor the rarest.
  const word = () => CONTENT_WORDS[50 + Math.floor(rand() * 1950)]!
  const start = Date.parse('2020-01-01T00:00:00.000Z')
  const step = (Date.now() - start) / count
  const slugs: string[] = []
  const rows: NewPostRow[] = []
  for (let i = 0; i < count; i++) {
    const at = new Date(start + i * step).toISOString()
    const title = `${word()} ${word()} ${word()} ${word()} ${i}`
    const slug = `post-${i}`
    slugs.push(slug)
    rows.push({
      id: crypto.randomUUID(),
      title: title.charAt(0).toUpperCase() + title.slice(1),
      slug,
      content: bodies[i % BODY_VARIANTS]!,
      excerpt: `An article about ${word()} and ${word()}, number ${i}.`,
      featured_image: null,
      category_id: categories[i % categories.length]!.id,
      author_id: author,
      author_name: null,
      status: 'published',
      tags: JSON.stringify([`tag-${i % 200}`, `topic-${i % 37}`, word()]),
      meta_title: null,
      meta_description: null,
      reading_time: 8,
      views: Math.floor(rand() * 5000),
      published_at: at,
      featured: i >= count - 3 ? 1 : 0,
      featured_at: i >= count - 3 ? at : null,
      created_at: at,
      updated_at: at,
    })
  }
  for (let i = 0; i < rows.length; i += 2000) {
    await db.transaction().execute((trx) => insertPostsWithState(trx, rows.slice(i, i + 2000)))
  }
  return { slugs, categories: categories.map((c) => c.slug), words: CONTENT_WORDS.slice(50, 2000) }
}
