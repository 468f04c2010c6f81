/**
 * Which trade buttons a user sees on an asset (docs/product.md §6). Owners (holding the NFT or the
 * contract's owner) set or change the price, cancel their ask, sell now to a bid; others buy now
 * when there is an ask, place a bid, and cancel their own bid.
 */
export type TradeKind = 'buy-now' | 'bid' | 'cancel-bid' | 'set-price' | 'cancel-ask' | 'sell-now'

export interface TradeButton {
  readonly kind: TradeKind
  readonly label: string
}

export interface ButtonFacts {
  readonly isOwner: boolean
  readonly ask: bigint
  readonly highestBid: bigint
  readonly myBid: bigint
  /** An auction runs (manager v3): buy now, set price and sell now are refused on chain. */
  readonly auction?: boolean
  /** Staff hid the piece (docs/product.md §13): only what gets funds out, no new trade. */
  readonly hidden?: boolean
}

/** What a hidden piece still offers: a bidder takes back their bid, an owner delists. */
const FUNDS_OUT: readonly TradeKind[] = ['cancel-bid', 'cancel-ask']

/** Why the owner's and buyer's trades are missing while an auction runs. */
export const AUCTION_BLOCKS_TRADES =
  'Buy now, Set price and Sell now are unavailable while the auction runs; offers stay open.'

export function tradeButtons(f: ButtonFacts): TradeButton[] {
  if (f.hidden === true) {
    return tradeButtons({ ...f, hidden: false }).filter((b) => FUNDS_OUT.includes(b.kind))
  }
  if (f.auction === true) {
    // Open offers (B) stay available and separate from the auction's bids (docs/product.md §2).
    if (f.isOwner) return []
    const out: TradeButton[] = [
      { kind: 'bid', label: f.myBid > 0n ? 'Change offer' : 'Make an offer' },
    ]
    if (f.myBid > 0n) out.push({ kind: 'cancel-bid', label: 'Cancel offer' })
    return out
  }
  if (f.isOwner) {
    const out: TradeButton[] = [
      { kind: 'set-price', label: f.ask > 0n ? 'Change price' : 'Set price' },
    ]
    if (f.ask > 0n) out.push({ kind: 'cancel-ask', label: 'Cancel offer' })
    if (f.highestBid > 0n) out.push({ kind: 'sell-now', label: 'Sell now' })
    return out
  }
  const out: TradeButton[] = []
  if (f.ask > 0n) out.push({ kind: 'buy-now', label: 'Buy now' })
  out.push({ kind: 'bid', label: f.myBid > 0n ? 'Change bid' : 'Place a bid' })
  if (f.myBid > 0n) out.push({ kind: 'cancel-bid', label: 'Cancel bid' })
  return out
}

export const MODAL_TITLES: Record<TradeKind, string> = {
  'buy-now': 'Buy now',
  bid: 'Make offer',
  'cancel-bid': 'Cancel bid',
  'set-price': 'Set price',
  'cancel-ask': 'Cancel offer',
  'sell-now': 'Sell now',
}
