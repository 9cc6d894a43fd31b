export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string }

/** Past this many line pairs (after the common start and end are set aside), the middle shows as replaced whole. */
const MAX_CELLS = 4_000_000

/**
 * A line diff from `before` to `after` (longest common subsequence). Shared start and end lines are matched first,
 * so a small edit to a long post costs little; a huge rewrite degrades to "all removed, all added".
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n')
  const b = after.split('\n')
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  const head: DiffLine[] = a.slice(0, start).map((text) => ({ kind: 'same', text }))
  const tail: DiffLine[] = a.slice(endA).map((text) => ({ kind: 'same', text }))
  const midA = a.slice(start, endA)
  const midB = b.slice(start, endB)
  return [...head, ...middle(midA, midB), ...tail]
}

function middle(a: string[], b: string[]): DiffLine[] {
  const removed = (text: string): DiffLine => ({ kind: 'removed', text })
  const added = (text: string): DiffLine => ({ kind: 'added', text })
  if (a.length * b.length > MAX_CELLS) return [...a.map(removed), ...b.map(added)]
  // lengths[i][j]: LCS length of a[i..] and b[j..], in one flat array.
  const width = b.length + 1
  const lengths = new Uint32Array((a.length + 1) * width)
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!)
    }
  }
  const out: DiffLine[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i]! })
      i++
      j++
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) out.push(removed(a[i++]!))
    else out.push(added(b[j++]!))
  }
  while (i < a.length) out.push(removed(a[i++]!))
  while (j < b.length) out.push(added(b[j++]!))
  return out
}

/** How many lines were added and removed. */
export function diffStats(lines: DiffLine[]): { added: number; removed: number } {
  return {
    added: lines.filter((l) => l.kind === 'added').length,
    removed: lines.filter((l) => l.kind === 'removed').length,
  }
}
