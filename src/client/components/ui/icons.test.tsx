import * as lucide from 'lucide-react'
import type { ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import * as icons from './icons.tsx'

type AnyIcon = ComponentType<{ className?: string; 'aria-hidden'?: 'true'; fill?: string }>

describe('reader icons', () => {
  it.each(Object.keys(icons))('%s draws exactly what lucide-react draws, with and without a class', (name) => {
    const Ours = (icons as Record<string, AnyIcon>)[name]!
    const Theirs = (lucide as unknown as Record<string, AnyIcon>)[name]!
    for (const props of [{}, { className: 'size-4 fill-current', 'aria-hidden': 'true' as const }]) {
      expect(renderToStaticMarkup(<Ours {...props} />)).toBe(renderToStaticMarkup(<Theirs {...props} />))
    }
  })
})
