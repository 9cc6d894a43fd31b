export const SESSION_COOKIE = 'sid'
export const VISITOR_COOKIE = 'vid'
export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60
export const VISITOR_MAX_AGE_S = 400 * 24 * 60 * 60

export function cookieOptions(secure: boolean, maxAge: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, maxAge }
}
