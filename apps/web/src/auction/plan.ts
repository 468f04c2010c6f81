/**
 * The auction's plans (manager v3): the opt-ins each group needs, then the group, built by
 * @unica/contracts from the contract's state and the parties' opt-ins read just before (which
 * inner transactions the app will send, and so the fee, depends on them). common/market/plan.ts does the
 * rest: fees, deposits, the USDC paid.
 */
import {
  buildAuctionBid,
  buildCancelAuction,
  buildSettleAuction,
  buildStartAuction,
  buildWithdrawHeld,
  type AuctionState,
} from '@unica/contracts'
import { plan, type Plan, type TradeContext } from '../common/market/plan.js'
import type { StartAuctionTerms } from './validation.js'

export type AuctionContext = Omit<TradeContext, 'myBid'> & {
  /** What the chain said of the parties just before (auction/facts.ts). */
  readonly facts: AuctionFacts
  readonly usdcDecimals: number
}

/** Whether the parties can receive what the app would push to them now. */
export interface AuctionFacts {
  /** The highest bidder, to be outbid: opted in to USDC and not frozen. */
  readonly previousCanReceiveUsdc: boolean
  /** The highest bidder, to win: opted in to the NFT. */
  readonly winnerCanReceiveNft: boolean
  /** The winner's account exists (it takes its deposit back). */
  readonly winnerExists: boolean
  /** The seller: opted in to USDC and not frozen. */
  readonly sellerCanReceiveUsdc: boolean
  /** USDC the app holds for the viewer (its "a" + address box); null without a box. */
  readonly held: bigint | null
}

class AuctionRefusal extends Error {}

function running(ctx: AuctionContext): AuctionState {
  const a = ctx.state.auction ?? null
  if (a === null) throw new AuctionRefusal('No auction is running.')
  return a
}

/** From the wallet, or from escrow when the seller's listing holds the piece (the ask ends). */
export function planStartAuction(ctx: AuctionContext, terms: StartAuctionTerms): Plan {
  if ((ctx.state.auction ?? null) !== null)
    throw new AuctionRefusal('An auction is already running.')
  const group = buildStartAuction({
    market: ctx.market,
    params: ctx.params,
    seller: ctx.address,
    ...terms,
    fromEscrow: ctx.state.owner === ctx.address,
    usdcDecimals: ctx.usdcDecimals,
  })
  return plan(ctx, 'AUCTION_START', group)
}

/** A bid; the previous highest bidder is named so the app refunds them in the same group. */
export function planAuctionBid(ctx: AuctionContext, amount: bigint): Plan {
  const a = running(ctx)
  if (ctx.state.owner === ctx.address)
    throw new AuctionRefusal('You cannot bid on your own auction.')
  const previous =
    a.highestBidder === null || a.highestBid === 0n
      ? null
      : {
          bidder: a.highestBidder,
          bid: a.highestBid,
          canReceiveUsdc: ctx.facts.previousCanReceiveUsdc,
        }
  const group = buildAuctionBid({
    market: ctx.market,
    params: ctx.params,
    bidder: ctx.address,
    amount,
    previous,
  })
  return plan(ctx, 'AUCTION_BID', group)
}

export function planCancelAuction(ctx: AuctionContext): Plan {
  const a = running(ctx)
  if (ctx.state.owner !== ctx.address) {
    throw new AuctionRefusal('Only the seller can cancel the auction.')
  }
  if (a.highestBid > 0n) {
    throw new AuctionRefusal('An auction cannot be cancelled after its first bid.')
  }
  const group = buildCancelAuction({ market: ctx.market, params: ctx.params, seller: ctx.address })
  return plan(ctx, 'AUCTION_CANCEL', group)
}

/** Anyone settles after the end: the winner and the seller are named for the app's payouts. */
export function planSettle(ctx: AuctionContext): Plan {
  const a = running(ctx)
  const seller = ctx.state.owner
  if (a.highestBidder === null || a.highestBid === 0n || seller === null) {
    throw new AuctionRefusal('There is nothing to settle: the auction has no bid.')
  }
  const group = buildSettleAuction({
    market: ctx.market,
    params: ctx.params,
    sender: ctx.address,
    winner: a.highestBidder,
    seller,
    amount: a.highestBid,
    winnerCanReceiveNft: ctx.facts.winnerCanReceiveNft,
    sellerCanReceiveUsdc: ctx.facts.sellerCanReceiveUsdc,
    winnerExists: ctx.facts.winnerExists,
  })
  return plan(ctx, 'AUCTION_SETTLE', group)
}

/** The USDC held for the viewer, and the box's deposit, back to them. */
export function planWithdraw(ctx: AuctionContext): Plan {
  if (ctx.facts.held === null) throw new AuctionRefusal('The contract holds nothing for you.')
  const group = buildWithdrawHeld({
    market: ctx.market,
    params: ctx.params,
    account: ctx.address,
    amount: ctx.facts.held,
  })
  return plan(ctx, 'AUCTION_WITHDRAW', group)
}
