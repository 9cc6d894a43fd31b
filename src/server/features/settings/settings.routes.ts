import type { App } from '../../context.ts'

export async function settingsRoutes(_app: App): Promise<void> {
  // TODO: routes not built yet
}
