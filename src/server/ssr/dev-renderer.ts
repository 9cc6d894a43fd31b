import type { App } from '../context.ts'
import { CLIENT_ENTRY, type RenderFn, type Renderer } from './assets.ts'

// React Fast Refresh needs this preamble before any component module. Served as a file: no inline scripts.
const REFRESH_PREAMBLE = `import RefreshRuntime from '/@react-refresh'
RefreshRuntime.injectIntoGlobalHook(window)
window.$RefreshReg$ = () => {}
window.$RefreshSig$ = () => (type) => type
window.__vite_plugin_react_preamble_installed__ = true
`
const VITE_PREFIXES = ['/@vite/', '/@react-refresh', '/@id/', '/@fs/', '/src/', '/node_modules/']

/** Development: Vite in middleware mode; its own URLs are handed to it, pages render through ssrLoadModule. */
export async function devRenderer(app: App): Promise<Renderer> {
  const { createServer } = await import('vite')
  // HMR shares the app's HTTP server: no second port to collide with another dev server.
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server: app.server } }, appType: 'custom' })

  app.get('/__dev/react-refresh.js', async (_request, reply) => reply.type('text/javascript').send(REFRESH_PREAMBLE))
  for (const prefix of VITE_PREFIXES) {
    app.get(`${prefix}*`, (request, reply) => {
      reply.hijack()
      vite.middlewares(request.raw, reply.raw, () => {
        reply.raw.statusCode = 404
        reply.raw.end()
      })
    })
  }

  return {
    render: async () => ((await vite.ssrLoadModule('/src/client/entry-server.tsx')) as { render: RenderFn }).render,
    assetTags: [
      '<script type="module" src="/@vite/client"></script>',
      '<script type="module" src="/__dev/react-refresh.js"></script>',
      `<script type="module" src="/${CLIENT_ENTRY}"></script>`,
    ].join('\n    '),
    close: () => vite.close(),
  }
}
