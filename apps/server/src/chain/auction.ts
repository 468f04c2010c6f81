/**
 * A v3 manager's auction as the API shows it (docs/product.md §4): the row the follower keeps
 * (db/repositories/asset-fields.ts, migration 0011) turned into `Asset.auction`.
 */
import { minNextBid } from '@unica/contracts'
import type { Auction } from '@unica/schemas'
import type { AssetFields } from '../db/repositories/asset-fields.js'

/** The asset's auction, or null when none runs (AR = 0). */
export function auctionJson(a: AssetFields): Auction | null {
  if (a.auction_reserve === null || a.auction_reserve === '0') return null
  const highest = a.auction_bid === null || a.auction_bid === '0' ? null : a.auction_bid
  return {
    reserve: a.auction_reserve,
    duration: a.auction_duration ?? 0,
    raise_bp: a.auction_raise_bp ?? 0,
    raise_min: a.auction_raise_min ?? '0',
    end: a.auction_end,
    highest_bid: highest,
    highest_bidder: highest === null ? null : a.auction_bidder,
    // Above 2^64 - 1 when no bid can beat the highest (the manager refuses the sum).
    min_next_bid: minNextBid({
      reserve: BigInt(a.auction_reserve),
      raiseBp: BigInt(a.auction_raise_bp ?? 0),
      raiseMin: BigInt(a.auction_raise_min ?? '0'),
      highestBid: BigInt(highest ?? '0'),
    }).toString(),
    // Ended once the chain's latest block reached the end (asset-fields.ts: the chain's "now").
    status: a.auction_ended === true ? 'ended' : 'running',
  }
}
