export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const badRequest = (message: string): never => {
  throw new AppError(400, message)
}
export const unauthorized = (message = 'Authentication required'): never => {
  throw new AppError(401, message)
}
export const forbidden = (message: string): never => {
  throw new AppError(403, message)
}
export const notFound = (what = 'Resource'): never => {
  throw new AppError(404, `${what} not found`)
}
export const conflict = (message: string): never => {
  throw new AppError(409, message)
}
export const tooManyRequests = (
  retryAfterSeconds: number,
  message = 'Too many requests, please try again later',
): never => {
  throw new AppError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) })
}

/** A unique-constraint violation on either engine (SQLite: SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY; PostgreSQL: 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code !== 'string') return false
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}
