import { z } from 'zod'
import { IdSchema } from '#shared/schemas/common.ts'
import {
  PostCardSchema,
  PostDetailSchema,
  PostInputSchema,
  PostListQuerySchema,
  PostSchema,
  PostUpdateSchema,
} from '#shared/schemas/post.ts'
import { byQuery } from '../../cache/cache-plugin.ts'
import type { App } from '../../context.ts'
import { requireUser } from '../../http/session.ts'
import * as posts from './posts.service.ts'

const IdParams = z.object({ id: IdSchema })
const SlugParams = z.object({ slug: z.string().min(1).max(200) })
const PostList = z.array(PostCardSchema)

export async function postRoutes(app: App): Promise<void> {
  const viewer = (request: { user: unknown }): posts.Viewer => ({ isAdmin: Boolean(request.user) })

  const listConfig = { publicCache: true, cacheKey: byQuery(Object.keys(PostListQuerySchema.shape)) }
  app.get(
    '/api/posts',
    { schema: { querystring: PostListQuerySchema, response: { 200: PostList } }, config: listConfig },
    async (request, reply) => {
      const page = await posts.listPosts(app.ctx.db, request.query, viewer(request))
      reply.header('X-Total-Count', String(page.total))
      if (!page.totalExact) reply.header('X-Total-Count-Exact', 'false')
      return page.posts
    },
  )

  app.get('/api/posts/featured', { schema: { response: { 200: PostList } }, config: { publicCache: true } }, async () =>
    posts.featuredPosts(app.ctx.db),
  )

  app.get(
    '/api/posts/slug/:slug',
    { schema: { params: SlugParams, response: { 200: PostDetailSchema } }, config: { publicCache: true } },
    async (request) => posts.postDetailBySlug(app.ctx.db, request.params.slug, viewer(request)),
  )

  app.get(
    '/api/posts/:id',
    { schema: { params: IdParams, response: { 200: PostSchema } }, config: { publicCache: true } },
    async (request) => posts.postById(app.ctx.db, request.params.id, viewer(request)),
  )

  app.get(
    '/api/posts/:id/related',
    { schema: { params: IdParams, response: { 200: PostList } }, config: { publicCache: true } },
    async (request) => posts.relatedPosts(app.ctx.db, request.params.id, viewer(request)),
  )

  app.post(
    '/api/posts',
    { schema: { body: PostInputSchema, response: { 201: PostSchema } }, config: { auth: 'admin' } },
    async (request, reply) => {
      const post = await posts.createPost(app.ctx.db, request.body, requireUser(request).id, app.ctx.clock(), {
        emailEnabled: Boolean(app.ctx.mailer),
      })
      return reply.status(201).send(post)
    },
  )

  app.put(
    '/api/posts/:id',
    { schema: { params: IdParams, body: PostUpdateSchema, response: { 200: PostSchema } }, config: { auth: 'admin' } },
    async (request) =>
      posts.updatePost(app.ctx.db, request.params.id, request.body, app.ctx.clock(), {
        emailEnabled: Boolean(app.ctx.mailer),
      }),
  )

  app.delete('/api/posts/:id', { schema: { params: IdParams }, config: { auth: 'admin' } }, async (request, reply) => {
    await posts.deletePost(app.ctx.db, request.params.id)
    return reply.status(204).send()
  })
}
