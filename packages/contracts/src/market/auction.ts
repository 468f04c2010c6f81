/**
 * Auction arithmetic (manager v3), as teal/manager-v3.teal computes it, for the UI and the
 * builders: the minimum next bid, the end a bid leaves, and the checks on an auction's terms.
 */
import {
  AUCTION_EXTENSION,
  AUCTION_MAX_DURATION,
  AUCTION_MAX_RAISE_BP,
  AUCTION_MIN_DURATION,
  AUCTION_MIN_RAISE_BP,
  BASIS_POINTS,
} from '../protocol.js'
import type { AuctionState } from '../state.js'

export const MAX_UINT64 = (1n << 64n) - 1n

/** The raise the app requires over the highest bid h: max(ceil(h × AP / 10000), AM). */
export function minRaise(
  state: Pick<AuctionState, 'raiseBp' | 'raiseMin'>,
  highestBid: bigint,
): bigint {
  const byShare = (highestBid * state.raiseBp + BASIS_POINTS - 1n) / BASIS_POINTS
  return byShare > state.raiseMin ? byShare : state.raiseMin
}

/**
 * The lowest bid the app accepts next: the reserve when no bid is held, else h + minRaise(h). Above
 * MAX_UINT64 when the sum overflows: then no bid can outbid h (the app refuses every one).
 */
export function minNextBid(
  state: Pick<AuctionState, 'reserve' | 'raiseBp' | 'raiseMin' | 'highestBid'>,
): bigint {
  if (state.highestBid === 0n) return state.reserve
  return state.highestBid + minRaise(state, state.highestBid)
}

/** AE after a bid accepted at `now` (unix seconds, the block's LatestTimestamp). */
export function endAfterBid(state: Pick<AuctionState, 'end' | 'duration'>, now: bigint): bigint {
  if (state.end === 0n) return now + state.duration
  return state.end - now < AUCTION_EXTENSION ? now + AUCTION_EXTENSION : state.end
}

/** An auction's terms as the seller sets them (AS). */
export interface AuctionTerms {
  readonly reserve: bigint
  readonly duration: bigint
  readonly raiseBp: bigint
  readonly raiseMin: bigint
}

/**
 * Why the app would refuse these terms, or null: reserve > 0; duration 1 h ..= 7 days; raise in
 * basis points 0 or 500 ..= 10000; absolute raise 0 or at least one whole USDC (10^decimals); at
 * least one raise set.
 */
export function auctionTermsError(terms: AuctionTerms, usdcDecimals: number): string | null {
  const { reserve, duration, raiseBp, raiseMin } = terms
  if (reserve <= 0n || reserve > MAX_UINT64) return 'the reserve must be positive'
  if (duration < AUCTION_MIN_DURATION || duration > AUCTION_MAX_DURATION) {
    return 'the duration must be from 1 hour to 7 days'
  }
  if (raiseBp !== 0n && (raiseBp < AUCTION_MIN_RAISE_BP || raiseBp > AUCTION_MAX_RAISE_BP)) {
    return 'the minimum raise must be from 5% to 100%'
  }
  const oneUsdc = 10n ** BigInt(usdcDecimals)
  if (raiseMin !== 0n && (raiseMin < oneUsdc || raiseMin > MAX_UINT64)) {
    return 'the absolute minimum raise must be at least 1 USDC'
  }
  if (raiseBp === 0n && raiseMin === 0n) return 'set a minimum raise'
  return null
}
