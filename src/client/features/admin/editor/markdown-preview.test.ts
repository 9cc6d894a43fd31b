import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '#shared/markdown/render.ts'
import { highlight } from '#shared/markdown/highlight.ts'
import { loadHighlighter } from './markdown-preview.tsx'

const BLOCKS: Array<[string, string]> = [
  ['go', 'package main\n\nfunc main() { fmt.Println("hi") }'],
  ['rust', 'fn main() { let x: u32 = 1; }'],
  ['java', 'public class A { static int n = 1; }'],
  ['ts', 'const n: number = 1'],
  ['sh', 'echo "$HOME"'],
  ['cobol', 'DISPLAY "HI".'],
]

describe('the editor preview and the published post highlight the same languages', () => {
  it('colours each block alike in the preview and on the site (a Go block too)', async () => {
    const preview = await loadHighlighter()
    for (const [lang, code] of BLOCKS) {
      const markdown = `\`\`\`${lang}\n${code}\n\`\`\``
      // The post renderer's own highlighter (posts.service.ts renders published posts with it).
      const site = renderMarkdown(markdown, { highlight })
      expect(renderMarkdown(markdown, { highlight: preview }), lang).toBe(site)
    }
    expect(renderMarkdown('```go\nfunc main() {}\n```', { highlight })).toContain(
      '<span class="hljs-keyword">func</span>',
    )
  })
})
