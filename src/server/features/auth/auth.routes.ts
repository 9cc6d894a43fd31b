import type { App } from '../../context.ts'

export async function authRoutes(_app: App): Promise<void> {
  // TODO: routes not built yet
}
