import type { Db } from '../../db/client.ts'

/** How the latest published post spells the tag, and how many published posts carry it (post_tags' listing index). */
export async function findPublishedTag(db: Db, key: string): Promise<{ tag: string; n: number } | undefined> {
  const [latest, count] = await Promise.all([
    db
      .selectFrom('post_tags')
      .select('tag')
      .where('tag_key', '=', key)
      .where('status', '=', 'published')
      .orderBy('published_at', 'desc')
      .orderBy('post_id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('post_counts').select('n').where('key', '=', `tag:${key}`).executeTakeFirst(),
  ])
  return latest ? { tag: latest.tag, n: Number(count?.n ?? 0) } : undefined
}
