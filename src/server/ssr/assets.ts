import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
// The one client module the server may import (docs/decisions/095-import-direction.md), and only its type: the
// module itself is loaded at run time, built (dist/ssr) or through Vite in development.
import type { render } from '#client/entry-server.tsx'
import { escapeHtml } from '#shared/text/escape-html.ts'

export type RenderFn = typeof render
export type Renderer = { render: () => Promise<RenderFn>; assetTags: string; close: () => Promise<void> }

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
export const CLIENT_ENTRY = 'src/client/entry-client.tsx'
export const CLIENT_DIR = path.resolve('dist/client')
const SSR_ENTRY = path.resolve('dist/ssr/entry-server.js')

/** Production: the built SSR module and the asset tags from the client manifest (one CSS link, modulepreloads, the entry). */
export async function productionRenderer(): Promise<Renderer> {
  const manifest = JSON.parse(await readFile(path.join(CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >
  const entry = manifest[CLIENT_ENTRY]
  if (!entry) throw new Error(`${CLIENT_ENTRY} missing from the client manifest: run npm run build`)

  const preloads = new Set<string>()
  const css = new Set(entry.css ?? [])
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || preloads.has(chunk.file)) return
    preloads.add(chunk.file)
    chunk.css?.forEach((c) => css.add(c))
    chunk.imports?.forEach(visit)
  }
  entry.imports?.forEach(visit)

  const tags = [
    ...[...css].map((file) => `<link rel="stylesheet" href="/${escapeHtml(file)}">`),
    ...[...preloads].map((file) => `<link rel="modulepreload" href="/${escapeHtml(file)}">`),
    `<script type="module" src="/${escapeHtml(entry.file)}"></script>`,
  ]
  const mod = (await import(pathToFileURL(SSR_ENTRY).href)) as { render: RenderFn }
  return { render: async () => mod.render, assetTags: tags.join('\n    '), close: async () => {} }
}
