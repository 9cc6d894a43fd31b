import type { App } from '../../context.ts'

export async function postRoutes(_app: App): Promise<void> {
  // TODO: routes not built yet
}
