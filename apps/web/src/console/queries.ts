/**
 * The staff console's reads (`/api/admin/...`) as TanStack Query keys and options, and the
 * message a console failure shows: the server's own words for a refusal (409 last staff, 403 not
 * staff, a field error), else the app's usual text.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { ApiError, type ApiClient, type ApplicationStatus } from '@unica/schemas'
import { userMessage } from '../common/lib/errors.js'

/** Rows per console page. */
export const CONSOLE_PAGE = 20

const consoleKeys = {
  all: ['console'] as const,
  applications: (status: ApplicationStatus | undefined, offset: number) =>
    ['console', 'applications', status ?? 'all', offset] as const,
  staff: ['console', 'staff'] as const,
  hidden: (offset: number) => ['console', 'hidden', offset] as const,
  operations: (status: string | undefined, offset: number) =>
    ['console', 'operations', status ?? 'all', offset] as const,
  follower: ['console', 'follower'] as const,
  audit: (offset: number) => ['console', 'audit', offset] as const,
}

const page = (offset: number) => ({ limit: CONSOLE_PAGE, offset })

export function applicationsQuery(
  api: ApiClient,
  status: ApplicationStatus | undefined,
  offset: number,
) {
  return queryOptions({
    queryKey: consoleKeys.applications(status, offset),
    queryFn: () =>
      api.listApplications({
        query: { ...page(offset), ...(status === undefined ? {} : { status }) },
      }),
  })
}

export function staffQuery(api: ApiClient) {
  return queryOptions({ queryKey: consoleKeys.staff, queryFn: () => api.listStaff() })
}

export function hiddenQuery(api: ApiClient, offset: number) {
  return queryOptions({
    queryKey: consoleKeys.hidden(offset),
    queryFn: () => api.listHidden({ query: page(offset) }),
  })
}

export function operationsQuery(
  api: ApiClient,
  status: 'pending' | 'submitted' | 'failed' | undefined,
  offset: number,
) {
  return queryOptions({
    queryKey: consoleKeys.operations(status, offset),
    queryFn: () =>
      api.listConsoleOperations({
        query: { ...page(offset), ...(status === undefined ? {} : { status }) },
      }),
  })
}

export function followerQuery(api: ApiClient) {
  return queryOptions({
    queryKey: consoleKeys.follower,
    queryFn: () => api.getFollowerStatus(),
    refetchInterval: 10_000,
  })
}

export function auditQuery(api: ApiClient, offset: number) {
  return queryOptions({
    queryKey: consoleKeys.audit(offset),
    queryFn: () => api.listAudit({ query: page(offset) }),
  })
}

/** After any staff action: every console list may have changed (and the audit log has). */
export async function invalidateConsole(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: consoleKeys.all })
}

/** What a failed console request shows. */
export function consoleMessage(e: unknown): string {
  if (e instanceof ApiError && e.status >= 400 && e.status < 500) {
    const body = e.body as Record<string, unknown> | null
    const fields = Object.entries(body ?? {})
      .filter(([key, value]) => key !== 'detail' && Array.isArray(value))
      .map(([, value]) => (value as string[]).join(' '))
    const detail = typeof body?.detail === 'string' ? body.detail : undefined
    if (detail !== undefined) return [detail, ...fields].join(' ')
  }
  return userMessage(e)
}

export const when = (iso: string | null): string =>
  iso === null ? '–' : new Date(iso).toLocaleString()
