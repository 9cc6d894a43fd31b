import { parse as parseToml } from 'smol-toml'
import { parse as parseYaml } from 'yaml'
import { AppError } from '../../../errors.ts'

export type FrontMatter = { data: Record<string, unknown>; body: string }

const YAML_BLOCK = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/
const TOML_BLOCK = /^\+\+\+[ \t]*\r?\n([\s\S]*?)\r?\n\+\+\+[ \t]*(?:\r?\n|$)/

const firstLine = (message: string) => message.split('\n')[0]!.slice(0, 200)

/**
 * The front matter of a Markdown file: YAML between `---` (Jekyll, Astro, Eleventy, Hugo), TOML between `+++`
 * (Hugo) or a JSON object (Hugo). YAML aliases are capped, so a "billion laughs" document cannot expand.
 */
export function parseFrontMatter(text: string, file: string): FrontMatter {
  const source = text.replace(/^\uFEFF/, '')
  let raw: unknown = {}
  let body = source
  const yaml = YAML_BLOCK.exec(source)
  const toml = yaml ? null : TOML_BLOCK.exec(source)
  try {
    if (yaml) {
      raw = parseYaml(yaml[1]!, { maxAliasCount: 50, prettyErrors: true, uniqueKeys: false }) ?? {}
      body = source.slice(yaml[0].length)
    } else if (toml) {
      raw = parseToml(toml[1]!)
      body = source.slice(toml[0].length)
    } else if (source.startsWith('{')) {
      const end = jsonEnd(source)
      raw = JSON.parse(source.slice(0, end))
      body = source.slice(end)
    } else if (source.startsWith('---') || source.startsWith('+++')) {
      throw new Error('the front matter block is never closed')
    }
  } catch (error) {
    const kind = yaml ? 'YAML' : toml ? 'TOML' : source.startsWith('{') ? 'JSON' : 'front matter'
    throw new AppError(
      400,
      `${file}: the front matter is not valid ${kind} (${firstLine(error instanceof Error ? error.message : String(error))}); nothing was imported`,
    )
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new AppError(400, `${file}: the front matter must be a set of fields`)
  return { data: raw as Record<string, unknown>, body: body.replace(/^\s*\n/, '') }
}

/** Where a leading JSON object ends (strings and nesting taken into account). */
function jsonEnd(text: string): number {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (inString) {
      if (ch === '\\') i++
      else if (ch === '"') inString = false
    } else if (ch === '"') inString = true
    else if (ch === '{') depth++
    else if (ch === '}' && --depth === 0) return i + 1
  }
  throw new Error('the JSON front matter is never closed')
}
