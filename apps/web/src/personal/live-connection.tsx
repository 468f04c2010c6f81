/**
 * Keeps the tab's live stream (common/state/live.ts) open, reopening it when the session changes: the
 * server reads the session cookie when a stream opens, so only a stream opened after sign-in
 * carries the account's notifications (and one opened after sign-out no longer does).
 */
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { API_BASE } from '../common/lib/config.js'
import { connectLive } from '../common/state/live.js'
import { useServices } from '../common/state/services.js'
import { sessionQuery } from '../common/lib/personal-queries.js'

export function LiveConnection() {
  const services = useServices()
  const session = useQuery(sessionQuery(services.api))
  const account = session.data?.address ?? null
  const waiting = session.isPending
  useEffect(() => {
    // Opened once the session is known (signed in or not), not once before and again after.
    if (waiting || services.openEvents === null) return undefined
    return connectLive(services, services.openEvents, API_BASE)
  }, [services, waiting, account])
  return null
}
