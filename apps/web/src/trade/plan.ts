/**
 * The button flow of docs/product.md §4 as data: the opt-ins the user still needs (application first,
 * then each asset), then the trade itself, each group built by @unica/contracts. Which opt-ins a
 * trade needs and the USDC it pays come from the operation's description there. The plan also
 * says what it really costs (fees, Algos locked or paid, USDC paid), so the modal shows the true
 * fees and checks the balances in base units before anything is signed.
 */
import {
  APP_OPT_IN_COST,
  ASSET_MIN_BALANCE,
  buildAppOptIn,
  buildAssetOptIn,
  buildBid,
  buildBuyNow,
  buildCancelAsk,
  buildChangeAsk,
  buildListAsk,
  buildSellNow,
  groupCost,
  paidBySigner,
  type BuiltGroup,
  type ChainParams,
  type ManagerState,
  type Market,
  type UnsignedGroup,
} from '@unica/contracts'
import type { SendTxBody } from '@unica/schemas'
import type { AccountData } from '../chain/account.js'
import { assetAmount, holds, optedInApp, spendable } from '../chain/account.js'
import type { Funds } from './validation.js'

export interface TradeContext {
  readonly address: string
  readonly account: AccountData
  readonly market: Market
  readonly state: ManagerState
  /** The user's bid of record (its box), 0 if none. */
  readonly myBid: bigint
  readonly params: ChainParams
}

/** What send_tx is told the group is (its `operation`). */
export type Operation = SendTxBody['operation']

export type Step =
  | { readonly kind: 'app-opt-in'; readonly appId: bigint; readonly group: UnsignedGroup }
  | { readonly kind: 'asset-opt-in'; readonly assetId: bigint; readonly group: UnsignedGroup }
  | { readonly kind: 'trade'; readonly operation: Operation; readonly group: UnsignedGroup }

export interface Plan {
  readonly steps: readonly Step[]
  /** Fees of every step, microAlgos. */
  readonly fees: bigint
  /** What the account needs: Algos (fees, deposits, min-balance growth) and USDC. */
  readonly needed: Funds
  /**
   * Algos paid to the contract that come back (a bid's box, an auction's deposit: returned when
   * the bid ends, is outbid or the auction settles), microAlgos.
   */
  readonly deposits: bigint
  /**
   * Algos the opt-ins lock as minimum balance: they stay in the account but cannot be spent while
   * it is opted in, microAlgos.
   */
  readonly minBalance: bigint
}

/** The plan of a built group: the opt-ins its variant needs first, then the group itself. */
export function plan(
  ctx: Pick<TradeContext, 'address' | 'account' | 'params' | 'market'>,
  operation: Operation,
  group: BuiltGroup,
): Plan {
  const { address, account, params } = ctx
  const needs = group.variant.needs
  const steps: Step[] = []
  let minBalanceGrowth = 0n
  if (needs.app === true && !optedInApp(account, ctx.market.appId)) {
    const appId = ctx.market.appId
    steps.push({
      kind: 'app-opt-in',
      appId,
      group: buildAppOptIn({ account: address, appId, params }),
    })
    minBalanceGrowth += APP_OPT_IN_COST
  }
  for (const asset of needs.assets ?? []) {
    const assetId = group.terms[asset]
    if (assetId === undefined || holds(account, assetId)) continue
    steps.push({
      kind: 'asset-opt-in',
      assetId,
      group: buildAssetOptIn({ account: address, assetId, params }),
    })
    minBalanceGrowth += ASSET_MIN_BALANCE
  }
  steps.push({ kind: 'trade', operation, group })
  let fees = 0n
  let deposits = 0n
  for (const s of steps) {
    const c = groupCost(s.group, address)
    fees += c.fees
    deposits += c.deposits
  }
  const usdc = paidBySigner(group, 'usdcId')
  return {
    steps,
    fees,
    deposits,
    minBalance: minBalanceGrowth,
    needed: { algos: fees + deposits + minBalanceGrowth, usdc },
  }
}

/** What the account has to spend: Algos above its minimum balance, and its USDC. */
export function available(ctx: Pick<TradeContext, 'account' | 'market'>): Funds {
  return { algos: spendable(ctx.account), usdc: assetAmount(ctx.account, ctx.market.usdcId) }
}

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
