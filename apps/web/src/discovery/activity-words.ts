/**
 * The market's activity in words (docs/product.md §11), shared by /activity, the home page's
 * latest sales and a piece's price history. The API's `type` groups an auction's calls with the
 * trades they resemble (a start is a listing at the reserve, a settlement a sale); `op_type` says
 * which call it was, so an auction reads as one.
 */
import type { ActivityItem, ActivityType } from '@unica/schemas'

/** The filter's options on /activity: each type, with the auction calls it takes in. */
export const ACTIVITY_FILTER_LABELS: Record<ActivityType, string> = {
  sale: 'Sales (auction sales too)',
  listing: 'Listings and auction starts',
  price_change: 'Price changes',
  bid: 'Bids (auction bids too)',
  cancel: 'Cancellations (asks, bids, auctions)',
}

const TYPE_LABELS: Record<ActivityType, string> = {
  sale: 'Sale',
  listing: 'Listing',
  price_change: 'Price change',
  bid: 'Bid',
  cancel: 'Cancellation',
}

const CALL_LABELS: Readonly<Partial<Record<string, string>>> = {
  AUCTION_START: 'Auction started (reserve)',
  AUCTION_BID: 'Auction bid',
  AUCTION_CANCEL: 'Auction cancelled',
  AUCTION_SETTLE: 'Sold at auction',
  SELL_NOW: 'Sale (sell now)',
}

/** A row's own words: an auction's calls by name, a cancel what it cancelled. */
export function activityLabel(item: Pick<ActivityItem, 'type' | 'op_type'>): string {
  const call = CALL_LABELS[item.op_type]
  if (call !== undefined) return call
  if (item.type === 'cancel' && item.op_type === 'ASK') return 'Cancelled ask'
  if (item.type === 'cancel' && item.op_type === 'BID') return 'Cancelled bid'
  return TYPE_LABELS[item.type]
}

/** Who a row is about, with the role each played in a sale. */
export type Party = { readonly role: 'Buyer' | 'Seller' | 'By'; readonly address: string }

/**
 * A sale's buyer and seller (as far as the chain follower read them), else whoever acted. An
 * auction's settlement is sent by anyone (often the worker's operator): its buyer is the winner,
 * and its seller is not recorded on the row.
 */
export function partiesOf(
  item: Pick<ActivityItem, 'type' | 'op_type' | 'sender' | 'counterparty'>,
): Party[] {
  const other = item.counterparty ?? null
  if (item.type !== 'sale') return [{ role: 'By', address: item.sender }]
  switch (item.op_type) {
    case 'BUY_NOW':
      return [
        { role: 'Buyer', address: item.sender },
        ...(other === null ? [] : [{ role: 'Seller' as const, address: other }]),
      ]
    case 'SELL_NOW':
      return [
        ...(other === null ? [] : [{ role: 'Buyer' as const, address: other }]),
        { role: 'Seller', address: item.sender },
      ]
    case 'AUCTION_SETTLE':
      return other === null ? [] : [{ role: 'Buyer', address: other }]
    default:
      return [{ role: 'By', address: item.sender }]
  }
}
