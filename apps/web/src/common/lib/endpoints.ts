/**
 * The query keys and options TanStack Query uses for the API's reads (the calls themselves go
 * through the typed client of @unica/schemas, `Services.api`). The spec's `update` event is
 * `invalidateMarket`. Nothing polls: the live stream (state/live.ts) refreshes what changed.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { ApiClient } from '@unica/schemas'

/** GET /api/assets/'s filters as the URL takes them (id lists are sent comma-separated). */
export type AssetFilters = NonNullable<NonNullable<Parameters<ApiClient['listAssets']>[0]>['query']>

/**
 * Every market read's key, grouped so that one prefix covers what one kind of change touches
 * (state/live-keys.ts maps each live event to them): `['assets', …]` every list of pieces (lists,
 * search, creator and collector pages), `['asset', guid]` a piece, `['operations', guid, …]` a
 * piece's history (its transaction table and price history), `['operations', 'activity' | 'stats']`
 * the market's feed and figures.
 */
export const keys = {
  allAssets: ['assets'] as const,
  assets: (filters: AssetFilters) => ['assets', filters] as const,
  search: (q: string, narrowing: AssetFilters, offset: number, limit: number) =>
    ['assets', 'search', q, narrowing, offset, limit] as const,
  creator: (address: string) => ['assets', 'creator', address] as const,
  account: (address: string) => ['assets', 'account', address] as const,
  asset: (guid: string) => ['asset', guid] as const,
  /** A piece's history: its operations, and (below the same prefix) its price history. */
  operations: (guid: string) => ['operations', guid] as const,
  priceHistory: (guid: string) => ['operations', guid, 'price-history'] as const,
  /** Every page of the feed, whatever its filter. */
  allActivity: ['operations', 'activity'] as const,
  activity: (type: string | undefined) => ['operations', 'activity', type ?? 'all'] as const,
  stats: ['operations', 'stats'] as const,
  user: (address: string) => ['user', address] as const,
  /** USDC a v3 auction holds for an account (auction/held-refund.tsx). */
  held: ['held'] as const,
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
    client.invalidateQueries({ queryKey: keys.allAssets }),
    client.invalidateQueries({ queryKey: ['asset'] }),
    client.invalidateQueries({ queryKey: ['operations'] }),
    // USDC a v3 auction holds for an account (auction/held-refund.tsx) moves with the market.
    client.invalidateQueries({ queryKey: keys.held }),
  ])
}
