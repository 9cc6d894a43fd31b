import { describe, expect, it } from 'vitest'
import { adminAppForAll } from './helpers.ts'

const t = adminAppForAll()

const CONTENT = [
  '# Markdown tour',
  'Everything the editor supports, with a [link](https://example.com/docs) and ![a chart](/uploads/chart.png).',
  '## A table',
  '| Feature | Status | Notes |\n|---------|--------|-------|\n| Tables | yes | GFM |',
  '---',
  'The end.',
].join('\n\n')

describe('an excerpt generated when a post is saved without one', () => {
  it('is plain text: no table, rule, heading mark, link address or image, and headings end their sentence', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/posts',
      cookie: t.cookie,
      payload: { title: 'Tour', content: CONTENT, status: 'published' },
    })
    expect(created.statusCode).toBe(201)
    expect(created.json().excerpt).toBe(
      'Markdown tour. Everything the editor supports, with a link and. A table. The end.',
    )

    const updated = await t.request({
      method: 'PUT',
      url: `/api/posts/${created.json().id}`,
      cookie: t.cookie,
      payload: { content: `${CONTENT}\n\n### Later\n\nMore`, excerpt: '' },
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json().excerpt).toBe(
      'Markdown tour. Everything the editor supports, with a link and. A table. The end. Later. More',
    )
  })
})
