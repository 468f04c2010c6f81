/**
 * The filters and sorts of every list page (docs/product.md §11) as the page's URL carries them,
 * so back/forward, reload and a shared link reproduce the view: `market`, `min` and `max` (USDC,
 * as typed: "12.5"), `creator` and `sort`. A value the URL holds but cannot mean anything is
 * ignored (and reported, so the bar can say so) rather than sent to the API.
 */
import { Address, MARKET_FILTERS, type MarketFilter } from '@unica/schemas'
import type { AssetFilters } from '../common/lib/endpoints.js'
import { parseUnits } from '../common/lib/format.js'

export const SORTS = {
  newest: { label: 'Newest', ordering: '-created_at' },
  oldest: { label: 'Oldest', ordering: 'created_at' },
  price_asc: { label: 'Price: low to high', ordering: 'price' },
  price_desc: { label: 'Price: high to low', ordering: '-price' },
  highest_bid: { label: 'Highest bid', ordering: '-highest_bid__value' },
  recently_sold: { label: 'Recently sold', ordering: '-last_sold_at' },
  // Auctions first, the earliest end first; auctions without a bid (no clock yet) after them.
  ending_soon: { label: 'Ending soon', ordering: 'ending_soon' },
} as const
export type SortKey = keyof typeof SORTS

export const MARKET_LABELS: Record<MarketFilter, string> = {
  for_sale: 'For sale',
  has_bids: 'Has bids',
  sold: 'Sold',
  // Manager v3's auctions, running or awaiting settlement (the server's market=auction).
  auction: 'At auction',
}

/** The URL keys the filter bar owns (others, like a search's q, are left alone). */
const FILTER_KEYS = ['market', 'min', 'max', 'creator', 'sort'] as const

export interface UrlFilters {
  /** What to send: only the values that are valid. */
  readonly filters: AssetFilters
  /** The keys present in the URL, valid or not. */
  readonly active: boolean
  /** Human-readable problems with what the URL holds. */
  readonly problems: string[]
}

export function readFilters(params: URLSearchParams, usdcDecimals: number): UrlFilters {
  const filters: Partial<Record<string, string>> = {}
  const problems: string[] = []
  const market = params.get('market')
  if (market !== null) {
    if ((MARKET_FILTERS as readonly string[]).includes(market)) filters.market = market
    else problems.push(`Unknown filter "${market.slice(0, 20)}".`)
  }
  const bounds: [string, 'price__gte' | 'price__lte', string][] = [
    ['min', 'price__gte', 'Minimum price'],
    ['max', 'price__lte', 'Maximum price'],
  ]
  for (const [key, apiKey, label] of bounds) {
    const text = params.get(key)
    if (text === null || text === '') continue
    const units = parseUnits(text, usdcDecimals)
    if (units === null || units >= 2n ** 64n) problems.push(`${label} must be an amount in USDC.`)
    else filters[apiKey] = units.toString()
  }
  const { price__gte: min, price__lte: max } = filters
  if (min !== undefined && max !== undefined && BigInt(min) > BigInt(max)) {
    problems.push('The minimum price is above the maximum.')
    delete filters.price__lte
  }
  const creator = params.get('creator')
  if (creator !== null && creator !== '') {
    if (Address.safeParse(creator).success) filters.creator_address = creator
    else problems.push('Creator must be an Algorand address.')
  }
  const sort = params.get('sort')
  if (sort !== null) {
    if (sort in SORTS) filters.ordering = SORTS[sort as SortKey].ordering
    else problems.push(`Unknown sort "${sort.slice(0, 20)}".`)
  }
  return {
    filters,
    active: FILTER_KEYS.some((k) => params.has(k)),
    problems,
  }
}

/** The URL's parameters without the filter bar's (what "Clear filters" leaves). */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(params)
  for (const key of FILTER_KEYS) out.delete(key)
  out.delete('page')
  return out
}

/**
 * The URL after the bar sets `changes` (an empty value removes its key; any change goes back to
 * the first page), or null when nothing would change: the bar never adds a history entry for
 * the URL it is already at, so one Back always undoes one change.
 */
export function changedParams(
  params: URLSearchParams,
  changes: Readonly<Record<string, string>>,
): URLSearchParams | null {
  const next = new URLSearchParams(params)
  for (const [key, value] of Object.entries(changes)) {
    if (value === '') next.delete(key)
    else next.set(key, value)
  }
  if (next.toString() === params.toString()) return null
  next.delete('page')
  return next
}

/** How many of the bar's filters and sorts the URL sets: the count on the phone's Filters button. */
export function activeFilterCount(params: URLSearchParams): number {
  return FILTER_KEYS.filter((k) => (params.get(k) ?? '') !== '').length
}
