/** TanStack Query options of discovery's reads (docs/product.md §11). */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { ActivityType, ApiClient } from '@unica/schemas'
import { keys, type AssetFilters } from '../common/lib/endpoints.js'

export function suggestionsQuery(api: ApiClient, q: string) {
  return queryOptions({
    queryKey: ['suggestions', q] as const,
    queryFn: () => api.searchSuggestions({ query: { q } }),
    staleTime: 30_000,
  })
}

/** A search narrowed and sorted by the filter bar's values (list-filters.ts). */
export function searchQuery(
  api: ApiClient,
  q: string,
  filters: AssetFilters,
  offset: number,
  limit: number,
) {
  const { market, price__gte, price__lte, creator_address, ordering } = filters
  const narrowing = { market, price__gte, price__lte, creator_address, ordering }
  return queryOptions({
    queryKey: keys.search(q, narrowing, offset, limit),
    queryFn: () =>
      api.search({
        query: { q, ...narrowing, offset: String(offset), limit: String(limit) },
      }),
  })
}

export function activityQuery(api: ApiClient, type: ActivityType | undefined) {
  return infiniteQueryOptions({
    queryKey: keys.activity(type),
    queryFn: ({ pageParam }) =>
      api.listActivity({
        query: {
          ...(type === undefined ? {} : { type }),
          ...(pageParam === null ? {} : { cursor: pageParam }),
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  })
}

export function marketStatsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: keys.stats,
    queryFn: () => api.getMarketStats(),
  })
}

export function creatorQuery(api: ApiClient, address: string) {
  return queryOptions({
    queryKey: keys.creator(address),
    queryFn: () => api.getCreator({ params: { address } }),
    retry: false,
  })
}

export function accountQuery(api: ApiClient, address: string) {
  return queryOptions({
    queryKey: keys.account(address),
    queryFn: () => api.getAccount({ params: { address } }),
    retry: false,
  })
}

export function priceHistoryQuery(api: ApiClient, guid: string) {
  return queryOptions({
    queryKey: keys.priceHistory(guid),
    queryFn: () => api.getPriceHistory({ params: { guid } }),
  })
}
