import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { TableHead } from './table-head.tsx'

describe('admin table head', () => {
  it('names each column, right-aligns the numbers and gives the actions column a name only screen readers read', () => {
    const html = renderToStaticMarkup(
      <table>
        <TableHead columns={[{ label: 'Post' }, { label: 'Failed', numeric: true }]} />
      </table>,
    )
    expect(html).toMatch(/<th scope="col" class="[^"]*">Post<\/th>/)
    expect(html).not.toMatch(/<th[^>]*text-right[^>]*>Post/)
    expect(html).toMatch(/<th scope="col" class="[^"]*text-right[^"]*">Failed<\/th>/)
    expect(html).toMatch(/<th scope="col" class="[^"]*"><span class="sr-only">Actions<\/span><\/th><\/tr><\/thead>/)
  })
})
