/**
 * What the follower reads of a v3 manager's auction (docs/product.md §4, the auction interface):
 * the auction's state from the app's global state deltas (AR reserve, AD duration, AP and AM the
 * minimum raise, AE end, AV highest bid, AH its bidder), and what each auction call records in the
 * history. Everything comes from the call itself and the state just before it, so a replayed round
 * records the same.
 */
import algosdk from 'algosdk'
import type { FollowedAuction } from '../db/repositories/assets.js'
import { unixDate } from '../db/repositories/chain-cursor.js'
import type { AppCallEvent } from './block.js'

type Delta = AppCallEvent['globalDelta']

const KEYS = ['AR', 'AD', 'AP', 'AM', 'AE', 'AV', 'AH'] as const
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

/** A uint key's new value: a deleted key reads as 0, an absent one as unchanged. */
function uintOf(delta: Delta, key: string): bigint | undefined {
  const v = delta.get(key)
  if (v === undefined) return undefined
  return typeof v === 'bigint' ? v : 0n
}

/** The auction after a call, from the one before and the call's global deltas (null: none runs). */
export function applyAuctionDelta(
  current: FollowedAuction | null,
  delta: Delta,
): FollowedAuction | null {
  if (!KEYS.some((k) => delta.has(k))) return current
  const was = current ?? NONE
  const small = (key: string, old: number): number => {
    const v = uintOf(delta, key)
    return v === undefined ? old : Number(v < INT_MAX ? v : INT_MAX)
  }
  let bidder = was.bidder
  if (delta.has('AH')) {
    const ah = delta.get('AH')
    bidder =
      ah instanceof Uint8Array && ah.length === 32 && ah.some((b) => b !== 0)
        ? algosdk.encodeAddress(ah)
        : null
  }
  const next: FollowedAuction = {
    reserve: uintOf(delta, 'AR') ?? was.reserve,
    duration: small('AD', was.duration),
    raiseBp: small('AP', was.raiseBp),
    raiseMin: uintOf(delta, 'AM') ?? was.raiseMin,
    end: uintOf(delta, 'AE') ?? was.end,
    bid: uintOf(delta, 'AV') ?? was.bid,
    bidder,
  }
  return next.reserve === 0n ? null : next
}

/** What an auction call records beyond its op type (the reader's value stands when undefined). */
export interface AuctionRecord {
  readonly value: bigint | undefined
  readonly counterparty: string | null
  readonly royalty: bigint | null
  /** AUCTION_BID: the end after it. */
  readonly end: Date | null
}

/**
 * An auction call's record, or null for other operations:
 * - AUCTION_BID: the bid (the reader's), the previous highest bidder it refunded, the new end;
 * - AUCTION_SETTLE: a sale of the highest bid (the call's amount) to its bidder; the royalty is
 *   the bid less the seller's net (the last USDC transfer to the seller: each cut is paid before
 *   it, or held); null when the seller's USDC was held for them (it cannot be told apart then);
 * - AUCTION_START (the reserve), AUCTION_WITHDRAW (the amount) and AUCTION_CANCEL: the reader's
 *   value, nothing more.
 */
export function auctionRecord(
  opType: string,
  call: AppCallEvent,
  state: {
    readonly nftId: bigint
    /** O just before the call. */
    readonly seller: string | null
    readonly before: FollowedAuction | null
    readonly after: FollowedAuction | null
  },
): AuctionRecord | null {
  const usdcTo = (account: string | null) =>
    call.inner.filter(
      (t) => t.type === 'axfer' && t.assetId !== state.nftId && t.receiver === account,
    )
  const { before, after } = state
  switch (opType) {
    case 'AUCTION_START':
    case 'AUCTION_CANCEL':
      return { value: undefined, counterparty: null, royalty: null, end: null }
    case 'AUCTION_BID':
      return {
        value: undefined,
        counterparty: before !== null && before.bid > 0n ? before.bidder : null,
        royalty: null,
        end: after === null || after.end === 0n ? null : unixDate(after.end),
      }
    case 'AUCTION_SETTLE': {
      // The call carries the highest bid as its amount (the manager checks it is AV).
      const price = before?.bid ?? 0n
      const net = usdcTo(state.seller).at(-1)
      return {
        value: undefined,
        counterparty: before?.bidder ?? null,
        royalty: net === undefined || net.amount > price ? null : price - net.amount,
        end: null,
      }
    }
    case 'AUCTION_WITHDRAW':
      // The call carries the amount withdrawn.
      return { value: undefined, counterparty: null, royalty: null, end: null }
    default:
      return null
  }
}
