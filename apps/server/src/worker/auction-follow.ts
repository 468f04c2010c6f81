/**
 * What the follower keeps of a v3 manager's auction (docs/product.md §4, the auction interface):
 * the auction as the chain holds it, from the state change each call wrote (decoded by
 * @unica/contracts, which alone knows the keys), and the end an auction bid records in the
 * history. Everything comes from the call itself and the state just before it, so a replayed
 * round records the same.
 */
import type { AuctionState } from '@unica/contracts'
import type { FollowedAuction } from '../db/repositories/assets.js'
import { unixDate } from '../db/repositories/chain-cursor.js'

const NONE: FollowedAuction = {
  reserve: 0n,
  duration: 0,
  raiseBp: 0,
  raiseMin: 0n,
  end: 0n,
  bid: 0n,
  bidder: null,
}
/** The integer columns (duration, raise in basis points): the manager bounds both far below. */
const INT_MAX = 2n ** 31n - 1n

const small = (v: bigint | undefined, old: number): number =>
  v === undefined ? old : Number(v < INT_MAX ? v : INT_MAX)

/**
 * The auction after a call, from the one before and the auction fields the call wrote (its
 * reading's `state.auction`; unset when it wrote none); null when none runs.
 */
export function applyAuctionChange(
  current: FollowedAuction | null,
  change: Partial<AuctionState> | undefined,
): FollowedAuction | null {
  if (change === undefined) return current
  const was = current ?? NONE
  const next: FollowedAuction = {
    reserve: change.reserve ?? was.reserve,
    duration: small(change.duration, was.duration),
    raiseBp: small(change.raiseBp, was.raiseBp),
    raiseMin: change.raiseMin ?? was.raiseMin,
    end: change.end ?? was.end,
    bid: change.highestBid ?? was.bid,
    bidder: change.highestBidder === undefined ? was.bidder : change.highestBidder,
  }
  return next.reserve === 0n ? null : next
}

/** An auction bid's record: the auction's end after it (a first bid starts the clock). */
export function auctionEndAfter(opType: string, after: FollowedAuction | null): Date | null {
  if (opType !== 'AUCTION_BID' || after === null || after.end === 0n) return null
  return unixDate(after.end)
}
