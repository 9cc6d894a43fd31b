import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { SpikeList } from './traffic-spikes.tsx'

const render = (spikes: Parameters<typeof SpikeList>[0]['spikes']) =>
  renderToStaticMarkup(<SpikeList spikes={spikes} />).replace(/ class="[^"]*"/g, '')

describe('traffic spike flag', () => {
  it('shows nothing when no post spikes', () => {
    expect(render([])).toBe('')
  })

  it('names each spiking post in a labelled region, in words, the icon hidden from screen readers', () => {
    const html = render([
      { postId: 'p1', title: 'Going <viral>', slug: 'going-viral', lastHour: 1234, dailyAverage: 3.5 },
      { postId: 'p2', title: 'New', slug: 'new', lastHour: 25, dailyAverage: 0 },
    ])
    expect(html).toMatch(
      /^<section aria-labelledby="traffic-spikes-title" data-testid="traffic-spikes"><h2 id="traffic-spikes-title"><svg[^>]*aria-hidden="true"/,
    )
    expect(html).toContain('Unusual traffic</h2>')
    expect(html).toContain(
      '<li><strong>Going &lt;viral&gt;</strong>: 1.2K views in the last hour, more than 20 times its daily average of 3.5</li>',
    )
    expect(html).toContain('<li><strong>New</strong>: 25 views in the last hour, with no views on earlier days</li>')
  })
})
