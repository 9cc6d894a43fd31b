import { firstImageUrl, makeExcerpt } from '#shared/text/excerpt.ts'
import { readingTime } from '#shared/text/reading-time.ts'
import { slugify } from '#shared/text/slugify.ts'
import type { Db } from '../../db/client.ts'
import type { CategoryRow, NewPostRow } from '../../db/schema.ts'
import { demoAuthorId, withSetupLock } from '../auth/auth.service.ts'
import { syncImageUses } from '../media/media.service.ts'
import { storeImage } from '../uploads/uploads.service.ts'
import { DEMO_CATEGORIES, DEMO_POSTS } from './demo-content.ts'
import { demoCover } from './demo-images.ts'
import { insertPostsWithState } from '../posts/posts.service.ts'
import { hasDemoMarker, insertCategories, insertDailyViews, isContentEmpty, setDemoMarker } from './seed.repo.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Loads the demo set once, into a database with no posts and no categories. Two instances starting at once
 * are safe: the work runs under the setup lock, and a marker row records that the decision was taken.
 * Returns true when it loaded the set.
 */
export async function seedDemo(db: Db, now: Date): Promise<boolean> {
  if ((await hasDemoMarker(db)) || !(await isContentEmpty(db))) return false

  // Pictures go through the upload path (type check, variants, content hash); storing one twice is harmless.
  const covers: string[] = []
  for (const post of DEMO_POSTS) {
    const category = DEMO_CATEGORIES.find((c) => c.key === post.category)!
    const altText = /^!\[([^\]]*)\]/.exec(post.content)?.[1] ?? ''
    const cover = demoCover(category.color, category.accent, post.pattern)
    covers.push((await storeImage(db, cover, now, { originalName: `${slugify(post.title)}.png`, altText })).url)
  }

  return withSetupLock(db, now, async (trx) => {
    if ((await hasDemoMarker(trx)) || !(await isContentEmpty(trx))) return false
    await setDemoMarker(trx, now)
    const authorId = await demoAuthorId(trx, now)

    const categories: CategoryRow[] = DEMO_CATEGORIES.map((c) => ({
      id: crypto.randomUUID(),
      name: c.name,
      slug: c.slug,
      description: c.description,
      color: c.color,
      created_at: now.toISOString(),
    }))
    await insertCategories(trx, categories)

    const posts: NewPostRow[] = DEMO_POSTS.map((p, i) => {
      const content = p.content.replace('{{cover}}', covers[i]!)
      const at = new Date(now.getTime() - p.daysAgo * DAY_MS).toISOString()
      return {
        id: crypto.randomUUID(),
        title: p.title,
        slug: slugify(p.title),
        content,
        excerpt: makeExcerpt(content),
        featured_image: firstImageUrl(content),
        category_id: categories[DEMO_CATEGORIES.findIndex((c) => c.key === p.category)]!.id,
        author_id: authorId,
        author_name: null,
        status: 'published',
        tags: JSON.stringify(p.tags),
        meta_title: null,
        meta_description: null,
        reading_time: readingTime(content),
        views: p.views,
        published_at: at,
        featured: p.featured ? 1 : 0,
        featured_at: p.featured ? at : null,
        created_at: at,
        updated_at: at,
      }
    })
    await insertPostsWithState(trx, posts)
    await insertDailyViews(
      trx,
      posts.flatMap((post, i) => spreadViews(post.id, DEMO_POSTS[i]!.views, DEMO_POSTS[i]!.daysAgo, now)),
    )
    for (const post of posts) await syncImageUses(trx, { postId: post.id }, [post.content, post.featured_image])
    return true
  })
}

/** The post's views spread over the days since it was published (at most 14), days as YYYY-MM-DD. */
function spreadViews(postId: string, total: number, daysAgo: number, now: Date) {
  const days = Math.min(daysAgo, 13) + 1
  const weights = Array.from({ length: days }, (_, d) => 1 + ((d * 7) % 5)) // uneven but deterministic
  const sum = weights.reduce((a, b) => a + b, 0)
  let left = total
  return weights.map((w, d) => {
    const views = d === days - 1 ? left : Math.floor((total * w) / sum)
    left -= views
    return { post_id: postId, day: new Date(now.getTime() - d * DAY_MS).toISOString().slice(0, 10), views }
  })
}
