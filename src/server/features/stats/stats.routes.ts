import type { App } from '../../context.ts'

export async function statsRoutes(_app: App): Promise<void> {
  // TODO: routes not built yet
}
