/**
 * The query keys and options TanStack Query uses for the API's reads (the calls themselves go
 * through the typed client of @unica/schemas, `Services.api`). The spec's `update` event is
 * `invalidateMarket`. Nothing polls: the live stream (state/live.ts) refreshes what changed.
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

export function assetQuery(api: ApiClient, guid: string) {
  return queryOptions({
    queryKey: keys.asset(guid),
    queryFn: () => api.getAsset({ params: { guid } }),
    retry: false,
  })
}

export function operationsQuery(api: ApiClient, guid: string) {
  return queryOptions({
    queryKey: keys.operations(guid),
    queryFn: () => api.listOperations({ query: { asset__guid: guid, limit: 100 } }),
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
    // USDC a v3 auction holds for an account (auction/held-refund.tsx) moves with the market.
    client.invalidateQueries({ queryKey: ['held'] }),
  ])
}
