/**
 * The auction's plans (manager v3): the opt-ins each group needs, then the group, built by
 * @unica/contracts from the contract's state read just before (trade/plan.ts does the rest: fees,
 * deposits, the USDC paid).
 */
import {
  buildAuctionBid,
  buildCancelAuction,
  buildSettleAuction,
  buildStartAuction,
  buildWithdrawHeld,
} from '@unica/contracts'
import { plan, type Plan, type TradeContext } from '../trade/plan.js'
import type { StartAuctionTerms } from './validation.js'

export type AuctionContext = Omit<TradeContext, 'myBid'>

function running(ctx: AuctionContext) {
  const a = ctx.state.auction ?? null
  if (a === null) throw new RangeError('No auction is running.')
  return a
}

/** From the wallet, or from escrow when the seller's listing holds the piece (the ask ends). */
export function planStartAuction(ctx: AuctionContext, terms: StartAuctionTerms): Plan {
  const group = buildStartAuction({
    market: ctx.market,
    params: ctx.params,
    seller: ctx.address,
    reserve: terms.reserve,
    duration: terms.duration,
    raiseBp: terms.raiseBp,
    raiseMin: terms.raiseMin,
    fromEscrow: ctx.state.owner === ctx.address,
  })
  return plan(ctx, 'AUCTION_START', group)
}

/** A bid; the previous highest bidder is named so the app can refund them in the same group. */
export function planAuctionBid(ctx: AuctionContext, amount: bigint): Plan {
  const a = running(ctx)
  const group = buildAuctionBid({
    market: ctx.market,
    params: ctx.params,
    bidder: ctx.address,
    amount,
    previousBidder: a.highestBidder,
  })
  return plan(ctx, 'AUCTION_BID', group)
}

export function planCancelAuction(ctx: AuctionContext): Plan {
  const group = buildCancelAuction({ market: ctx.market, params: ctx.params, seller: ctx.address })
  return plan(ctx, 'AUCTION_CANCEL', group)
}

/** Anyone settles after the end: the winner and the seller are named for the app's payouts. */
export function planSettle(ctx: AuctionContext): Plan {
  const a = running(ctx)
  const seller = ctx.state.owner
  if (a.highestBidder === null || seller === null) throw new RangeError('Nothing to settle.')
  const group = buildSettleAuction({
    market: ctx.market,
    params: ctx.params,
    sender: ctx.address,
    winner: a.highestBidder,
    seller,
  })
  return plan(ctx, 'AUCTION_SETTLE', group)
}

export function planWithdraw(ctx: AuctionContext): Plan {
  const group = buildWithdrawHeld({ market: ctx.market, params: ctx.params, account: ctx.address })
  return plan(ctx, 'AUCTION_WITHDRAW', group)
}
