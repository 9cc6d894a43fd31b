/**
 * null when loading fails with a 404 (the browser's HttpError or the server's AppError): "not found" is data,
 * rendered as the not-found view, not an error to retry. Any other failure is thrown on.
 */
export async function orNullOn404<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load()
  } catch (err) {
    if (err instanceof Error && 'status' in err && err.status === 404) return null
    throw err
  }
}
