import type { App } from '../context.ts'

/** Public pages. Placeholder until the reader site lands. */
export async function publicPages(app: App): Promise<void> {
  app.get('/', async (_request, reply) => reply.type('text/html').send('<!doctype html><title>Blog</title><h1>Blog</h1>'))
}
