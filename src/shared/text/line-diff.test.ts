import { describe, expect, it } from 'vitest'
import { diffStats, lineDiff } from './line-diff.ts'

const show = (before: string, after: string) =>
  lineDiff(before, after).map((l) => `${l.kind === 'same' ? ' ' : l.kind === 'added' ? '+' : '-'}${l.text}`)

describe('lineDiff', () => {
  it('marks nothing when the texts are equal', () => {
    expect(show('a\nb', 'a\nb')).toEqual([' a', ' b'])
  })

  it('finds added, removed and changed lines in order', () => {
    expect(show('a\nb\nc\nd', 'a\nB\nc\nd\ne')).toEqual([' a', '-b', '+B', ' c', ' d', '+e'])
    expect(show('one\ntwo\nthree', 'three')).toEqual(['-one', '-two', ' three'])
    expect(show('', 'new')).toEqual(['-', '+new'])
  })

  it('keeps the common lines of a reordered middle', () => {
    const lines = lineDiff('x\n1\n2\n3\ny', 'x\n3\n1\n2\ny')
    expect(diffStats(lines)).toEqual({ added: 1, removed: 1 })
  })

  it('stays bounded for huge rewrites: the middle is replaced whole', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `old ${i}`).join('\n')
    const after = Array.from({ length: 3000 }, (_, i) => `new ${i}`).join('\n')
    expect(diffStats(lineDiff(before, after))).toEqual({ added: 3000, removed: 3000 })
  })
})
