/**
 * The button flow of docs/product.md §4 as data, for every dialog that sends a group (trade and
 * auction alike): the opt-ins the user still needs (application first, then each asset), then the
 * group itself, built by @unica/contracts. Which opt-ins a group needs and the USDC it pays come
 * from the operation's description there. The plan also says what it really costs (fees, Algos
 * locked or paid, USDC paid), so the dialog shows the true fees and checks the balances in base
 * units before anything is signed. The trades' own plans are in trade/plan.ts, the auction's in
 * auction/plan.ts.
 */
import {
  APP_OPT_IN_COST,
  ASSET_MIN_BALANCE,
  buildAppOptIn,
  buildAssetOptIn,
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
import type { Funds } from './funds.js'

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
