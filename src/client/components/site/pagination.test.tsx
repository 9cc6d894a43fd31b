import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { RouterProvider } from '../../lib/router.tsx'
import { Pagination, pageNumbers } from './pagination.tsx'

const html = (page: number, pageCount: number, more = false) =>
  renderToStaticMarkup(
    <RouterProvider url="/blog">
      <Pagination page={page} pageCount={pageCount} more={more} hrefFor={(p) => `/blog?page=${p}`} />
    </RouterProvider>,
  )

describe('Pagination', () => {
  it('is not there for a listing that fits on one page (no "Previous 1 Next")', () => {
    expect(html(1, 1)).toBe('')
    expect(html(1, 0)).toBe('')
  })

  it('shows the pages once there are two, or a search that goes on past its count', () => {
    expect(html(1, 2)).toContain('aria-label="Pagination"')
    expect(html(1, 1, true)).toContain('aria-label="Next page"')
  })
})

describe('pageNumbers', () => {
  it('shows every page when there are few', () => {
    expect(pageNumbers(1, 1)).toEqual([1])
    expect(pageNumbers(2, 3)).toEqual([1, 2, 3])
  })

  it('keeps the first, the last and the neighbours, with gaps between', () => {
    expect(pageNumbers(6, 12)).toEqual([1, null, 5, 6, 7, null, 12])
    expect(pageNumbers(1, 12)).toEqual([1, 2, null, 12])
    expect(pageNumbers(12, 12)).toEqual([1, null, 11, 12])
    expect(pageNumbers(3, 12)).toEqual([1, 2, 3, 4, null, 12])
  })
})
