/**
 * The query keys and options TanStack Query uses for the API's reads (the calls themselves go
 * through the typed client of @unica/schemas, `Services.api`). The spec's `update` event is
 * `invalidateMarket`.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { ApiClient } from '@unica/schemas'

/** GET /api/assets/'s filters as the URL takes them (id lists are sent comma-separated). */
export type AssetFilters = NonNullable<NonNullable<Parameters<ApiClient['listAssets']>[0]>['query']>

export const keys = {
  assets: (filters: AssetFilters) => ['assets', filters] as const,
  asset: (guid: string) => ['asset', guid] as const,
  operations: (guid: string) => ['operations', guid] as const,
  user: (address: string) => ['user', address] as const,
}

export function assetsQuery(api: ApiClient, filters: AssetFilters) {
  return queryOptions({
    queryKey: keys.assets(filters),
    queryFn: () => api.listAssets({ query: filters }),
  })
}

/**
 * An open asset page refreshes its details and transaction table this often (while the tab is
 * visible): trades by others, and the chain follower recording a call a moment after our own
 * verification passed, show up without a reload.
 */
export const DETAILS_REFRESH_MS = 10_000

export function assetQuery(api: ApiClient, guid: string) {
  return queryOptions({
    queryKey: keys.asset(guid),
    queryFn: () => api.getAsset({ params: { guid } }),
    retry: false,
    refetchInterval: DETAILS_REFRESH_MS,
  })
}

export function operationsQuery(api: ApiClient, guid: string) {
  return queryOptions({
    queryKey: keys.operations(guid),
    queryFn: () => api.listOperations({ query: { asset__guid: guid, limit: 100 } }),
    refetchInterval: DETAILS_REFRESH_MS,
  })
}

export function userQuery(api: ApiClient, address: string) {
  return queryOptions({
    queryKey: keys.user(address),
    queryFn: () => api.getUser({ params: { address } }),
  })
}

/** The spec's `update` event: lists, details and the transaction table refresh. */
export async function invalidateMarket(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: ['assets'] }),
    client.invalidateQueries({ queryKey: ['asset'] }),
    client.invalidateQueries({ queryKey: ['operations'] }),
  ])
}
