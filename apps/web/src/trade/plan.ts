/**
 * The trades of docs/product.md §5 as plans (common/market/plan.ts: the opt-ins each needs, then
 * the group, with what it really costs): make, change or cancel an offer, buy now, set or cancel
 * the price, sell now.
 */
import {
  buildBid,
  buildBuyNow,
  buildCancelAsk,
  buildChangeAsk,
  buildListAsk,
  buildSellNow,
} from '@unica/contracts'
import { assetAmount } from '../common/chain/account.js'
import { plan, type Plan, type TradeContext } from '../common/market/plan.js'

export function isOwner(
  ctx: Pick<TradeContext, 'address' | 'account' | 'state' | 'market'>,
): boolean {
  return ctx.state.owner === ctx.address || assetAmount(ctx.account, ctx.market.nftId) > 0n
}

/** Make offer, change or cancel a bid (newBid 0). Bidders must be opted in to the app and NFT. */
export function planBid(ctx: TradeContext, newBid: bigint): Plan {
  const group = buildBid({
    market: ctx.market,
    params: ctx.params,
    bidder: ctx.address,
    currentBid: ctx.myBid,
    newBid,
  })
  return plan(ctx, 'BID', group)
}

/** Buy now at the ask; the buyer's bid counts towards it. The buyer must accept the NFT. */
export function planBuyNow(ctx: TradeContext): Plan {
  const owner = ctx.state.owner
  if (owner === null) throw new RangeError('nothing is for sale')
  const group = buildBuyNow({
    market: ctx.market,
    params: ctx.params,
    buyer: ctx.address,
    price: ctx.state.ask,
    owner,
    currentBid: ctx.myBid,
  })
  return plan(ctx, 'BUY_NOW', group)
}

/** Set or change the price: list from the wallet, or change the ask of the NFT in escrow. */
export function planAsk(ctx: TradeContext, price: bigint): Plan {
  const input = { market: ctx.market, params: ctx.params, seller: ctx.address, price }
  const group = ctx.state.owner === ctx.address ? buildChangeAsk(input) : buildListAsk(input)
  return plan(ctx, 'ASK', group)
}

export function planCancelAsk(ctx: TradeContext): Plan {
  const group = buildCancelAsk({ market: ctx.market, params: ctx.params, seller: ctx.address })
  return plan(ctx, 'ASK', group)
}

/** Sell now to a bidder, at their bid of record. */
export function planSellNow(ctx: TradeContext, buyer: string, bid: bigint): Plan {
  const group = buildSellNow({
    market: ctx.market,
    params: ctx.params,
    seller: ctx.address,
    buyer,
    bid,
    fromEscrow: ctx.state.owner === ctx.address,
  })
  return plan(ctx, 'SELL_NOW', group)
}
