/** The public lists' filters (docs/product.md §2 and §7): only ready (RD) assets are public. */
import type { AssetFilters } from '../common/lib/endpoints.js'
import { paths } from '../common/routing/paths.js'

export interface ListDef {
  readonly title: string
  readonly path: string
  readonly filters: AssetFilters
}

export const LISTS = {
  allItems: {
    title: 'All items',
    path: paths.allItems,
    filters: { status: 'RD', ordering: '-created_at' },
  },
  forSale: {
    title: 'For sale',
    path: paths.forSale,
    filters: { status: 'RD', price__gt: '0', ordering: '-created_at' },
  },
  highestBids: {
    title: 'Highest bids',
    path: paths.highestBids,
    filters: { status: 'RD', highest_bid__value__gt: '0', ordering: '-highest_bid__value' },
  },
  recent: {
    title: 'Recent',
    path: paths.recent,
    filters: { status: 'RD', ordering: '-created_at' },
  },
  endingSoon: {
    title: 'Ending soon',
    path: paths.endingSoon,
    filters: { status: 'RD', market: 'auction', ordering: 'ending_soon' },
  },
} as const satisfies Record<string, ListDef>

/** Featured page section sizes (docs/product.md §9); Ending soon is ours (auctions). */
export const FEATURED_SIZES = { forSale: 7, highestBids: 3, recent: 3, endingSoon: 3 } as const
