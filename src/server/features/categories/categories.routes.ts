import type { App } from '../../context.ts'

export async function categoryRoutes(_app: App): Promise<void> {
  // TODO: routes not built yet
}
