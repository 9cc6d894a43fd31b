import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { HttpError } from '../../lib/api.ts'
import { storeAuth } from '../../lib/auth.tsx'

const isUnauthorized = (error: unknown) => error instanceof HttpError && error.status === 401

/** A 401 from any admin call means the session is gone (expired, or ended by a password change elsewhere): show the login form. */
export function useSessionExpiry(): void {
  const client = useQueryClient()
  useEffect(() => {
    const offQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error))
        storeAuth(null)
    })
    const offMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error))
        storeAuth(null)
    })
    return () => {
      offQueries()
      offMutations()
    }
  }, [client])
}
