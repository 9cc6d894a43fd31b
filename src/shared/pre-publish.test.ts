import { describe, expect, it } from 'vitest'
import { postLinks, prePublishChecks } from './pre-publish.ts'

const ok = { content: 'Text ![a cat](/uploads/cat.png)', excerpt: 'Short.', metaDescription: 'About cats.' }
const ids = (form: Partial<typeof ok>, broken: string[] = []) =>
  prePublishChecks({ ...ok, ...form }, broken).map((c) => c.id)

describe('pre-publish checklist', () => {
  it('passes a complete post', () => {
    expect(prePublishChecks(ok)).toEqual([])
  })

  it('warns about a missing or over-long meta description, and a missing excerpt', () => {
    expect(ids({ metaDescription: '  ' })).toEqual(['meta-missing'])
    expect(ids({ metaDescription: 'x'.repeat(160) })).toEqual([])
    expect(prePublishChecks({ ...ok, metaDescription: 'x'.repeat(161) })[0]?.message).toBe(
      'Meta description is 161 characters (over 160)',
    )
    expect(ids({ excerpt: '' })).toEqual(['excerpt'])
  })

  it('counts images without alt text, wherever they are (lists, tables, links)', () => {
    const content =
      '![](/a.png)\n\n- ![ ](/b.png)\n\n| x |\n|---|\n| ![](/c.png) |\n\n[![](/d.png)](/blog/x) ![ok](/e.png)'
    expect(prePublishChecks({ ...ok, content }).find((c) => c.id === 'alt')?.message).toBe('4 images have no alt text')
  })

  it('lists broken post links given by the server', () => {
    expect(prePublishChecks(ok, ['/blog/gone'])[0]).toEqual({
      id: 'links',
      message: 'Links to posts that do not exist: /blog/gone',
    })
  })

  it('finds the /blog/… links of this site only', () => {
    const md =
      '[a](/blog/one) [b](http://localhost:3000/blog/two/) [c](https://other.example/blog/three) [d](/category/x) [e](/blog/one#part) [f](/blog)'
    expect(postLinks(md, 'http://localhost:3000')).toEqual(['/blog/one', '/blog/two'])
  })
})
