import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import type { AuthResponse, User } from '#shared/schemas/user.ts'
import { apiRequest, HttpError } from './api.ts'
import { requestJson } from './get-json.ts'
import { useNavigate } from './router.tsx'

/** Spec §3/§4: the login response is kept in local storage under 'blog_auth'; contract §2: confirmed with /api/auth/me on load. */
export const AUTH_STORAGE_KEY = 'blog_auth'

type AuthState = { user: User | null; ready: boolean }
let state: AuthState = { user: null, ready: false }
const listeners = new Set<() => void>()
const SERVER_STATE: AuthState = { user: null, ready: false }

function setState(next: AuthState) {
  state = next
  listeners.forEach((l) => l())
}

function readRecord(): User | null {
  try {
    const raw = window.localStorage.getItem(AUTH_STORAGE_KEY)
    if (!raw) return null
    const parsed: unknown = JSON.parse(raw)
    return isAuthResponse(parsed) ? parsed.user : null
  } catch {
    return null
  }
}

export function storeAuth(response: AuthResponse | null): void {
  try {
    if (response) window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(response))
    else window.localStorage.removeItem(AUTH_STORAGE_KEY)
  } catch {
    // storage unavailable (private mode): the session cookie still works
  }
  setState({ user: response?.user ?? null, ready: true })
}

// No zod here: this module is in every reader page (bundle budget); a structural check is enough for our own record.
function isAuthResponse(value: unknown): value is AuthResponse {
  const user = (value as { user?: Record<string, unknown> } | null)?.user
  return typeof user === 'object' && user !== null && typeof user.id === 'string' && typeof user.username === 'string'
}

async function fetchMe(): Promise<AuthResponse | null> {
  try {
    const me = await requestJson<unknown>('/api/auth/me')
    return isAuthResponse(me) ? me : null
  } catch (err) {
    if (err instanceof HttpError && err.status === 401) return null
    throw err
  }
}

let confirmed: Promise<void> | null = null
/** Restore from the stored record at once, then confirm with the server (a 401 clears the record). */
function restoreAuth(): Promise<void> {
  if (confirmed) return confirmed
  const record = readRecord()
  // A reader with no stored record has no session to confirm (asking would only log a 401 in their console).
  // The admin panel always asks: its session cookie may outlive a cleared record.
  const path = window.location.pathname
  if (!record && path !== '/admin' && !path.startsWith('/admin/')) {
    setState({ user: null, ready: true })
    return Promise.resolve()
  }
  setState({ user: record, ready: state.ready })
  confirmed = fetchMe()
    .then((me) => storeAuth(me))
    .catch(() => setState({ user: state.user, ready: true }))
  return confirmed
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The current user (null on the server and until the browser has restored it). */
export function useAuth() {
  const snapshot = useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER_STATE,
  )
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  useEffect(() => {
    void restoreAuth()
  }, [])

  const onLogin = useCallback(
    (response: AuthResponse) => {
      storeAuth(response)
      void queryClient.invalidateQueries()
    },
    [queryClient],
  )

  const logout = useCallback(async () => {
    try {
      await apiRequest('/api/auth/logout', { method: 'POST' })
    } finally {
      storeAuth(null)
      queryClient.clear()
      navigate('/')
    }
  }, [queryClient, navigate])

  return { user: snapshot.user, ready: snapshot.ready, onLogin, logout }
}
