/**
 * The signed-in account's data (docs/product.md §12, "Notifications"): its
 * session, watchlist and notifications, as TanStack Query keys and options. The live stream
 * refreshes notifications (state/live.ts); sign-in and sign-out refresh all of them. Shared, not
 * personal's: the live keys, sign-in and the staff console use them as well.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { ApiClient } from '@unica/schemas'

export const personalKeys = {
  session: ['session'] as const,
  sessions: ['sessions'] as const,
  watchlist: ['watchlist'] as const,
  notifications: ['notifications'] as const,
  email: ['notification-email'] as const,
}

export function sessionQuery(api: ApiClient) {
  return queryOptions({
    queryKey: personalKeys.session,
    queryFn: () => api.getSession(),
    staleTime: 60_000,
    retry: false,
  })
}

export function sessionsQuery(api: ApiClient) {
  return queryOptions({ queryKey: personalKeys.sessions, queryFn: () => api.listSessions() })
}

export function watchlistQuery(api: ApiClient) {
  return queryOptions({ queryKey: personalKeys.watchlist, queryFn: () => api.getWatchlist() })
}

export function notificationsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: personalKeys.notifications,
    queryFn: () => api.listNotifications(),
  })
}

export function emailQuery(api: ApiClient) {
  return queryOptions({
    queryKey: personalKeys.email,
    queryFn: () => api.getNotificationEmail(),
  })
}

/** After sign-in or sign-out: everything personal is someone else's now. */
export async function invalidatePersonal(client: QueryClient): Promise<void> {
  await Promise.all(
    Object.values(personalKeys).map((queryKey) => client.invalidateQueries({ queryKey })),
  )
}
