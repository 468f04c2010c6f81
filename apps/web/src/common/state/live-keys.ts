/**
 * Which reads each live event makes stale (docs/architecture.md "Live updates": the stream
 * "invalidates exactly what changed, so nothing polls"). The follower publishes, per applied
 * round, an `operation` event for each manager call it recorded and an `asset` event for each
 * piece whose state moved, so a trade arrives as both:
 * - `asset`: the piece, every list of pieces (lists, search, creator and collector pages, My
 *   NFTs, the auctions My Bids reads), and the watchlist, whose cards show prices;
 * - `operation`: the piece's history (transaction table and price history); the market's feed
 *   when the call is market activity; the home figures and latest sales when it is a sale;
 * - `reset` (events were missed): everything the market and the account show;
 * - `notification`: the bell's list.
 * The signed-in account's chain state (My Bids' own bids, balances) is read again when an
 * operation names it as sender or other party (`concernsAccount`).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { LiveAssetEvent, LiveOperationEvent } from '@unica/schemas'
import { keys } from '../lib/endpoints.js'
import { personalKeys } from '../lib/personal-queries.js'

export type MarketEvent =
  | { readonly kind: 'asset'; readonly data: LiveAssetEvent }
  | { readonly kind: 'operation'; readonly data: LiveOperationEvent }
  | { readonly kind: 'reset' }
  | { readonly kind: 'notification' }

/** The calls the activity feed and price history show (the API's activity types). */
const ACTIVITY_CALLS = new Set([
  'ASK',
  'BID',
  'BUY_NOW',
  'SELL_NOW',
  'AUCTION_START',
  'AUCTION_BID',
  'AUCTION_CANCEL',
  'AUCTION_SETTLE',
])

/** The calls that are sales: they move the home page's figures and latest sales. */
const SALE_CALLS = new Set(['BUY_NOW', 'SELL_NOW', 'AUCTION_SETTLE'])

/** The query keys (prefixes) an event makes stale. */
function staleKeys(event: MarketEvent): readonly QueryKey[] {
  switch (event.kind) {
    case 'asset':
      return [keys.asset(event.data.guid), keys.allAssets, personalKeys.watchlist]
    case 'operation': {
      const { guid, op_type } = event.data
      return [
        keys.operations(guid),
        ...(ACTIVITY_CALLS.has(op_type) ? [keys.allActivity] : []),
        ...(SALE_CALLS.has(op_type) ? [keys.stats] : []),
      ]
    }
    case 'reset':
      return [
        keys.allAssets,
        ['asset'],
        ['operations'],
        keys.held,
        personalKeys.watchlist,
        personalKeys.notifications,
      ]
    case 'notification':
      return [personalKeys.notifications]
  }
}

export async function refreshStale(client: QueryClient, event: MarketEvent): Promise<void> {
  await Promise.all(staleKeys(event).map((queryKey) => client.invalidateQueries({ queryKey })))
}

/** Whether the event may have changed this account's own state on chain (its bids, balances). */
export function concernsAccount(event: MarketEvent, address: string | null): boolean {
  if (address === null) return false
  if (event.kind === 'reset') return true
  if (event.kind !== 'operation') return false
  return event.data.sender === address || event.data.counterparty === address
}
