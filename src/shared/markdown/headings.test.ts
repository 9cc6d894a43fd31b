import { describe, expect, it } from 'vitest'
import { headingsOf } from './headings.ts'

describe('headingsOf', () => {
  it('lists h2/h3 sections with stable, unique ids, shifted like the renderer', () => {
    expect(headingsOf('# Intro\n\ntext\n\n## Setup *fast*\n\n# Intro\n\n### Deep')).toEqual([
      { level: 2, text: 'Intro', id: 'intro' },
      { level: 3, text: 'Setup fast', id: 'setup-fast' },
      { level: 2, text: 'Intro', id: 'intro-2' },
    ])
  })

  it('is empty without headings', () => {
    expect(headingsOf('just text')).toEqual([])
  })
})
