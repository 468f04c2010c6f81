// @vitest-environment node
/**
 * The button flow as data, with the real builders of @unica/contracts: opt-ins first (app, then
 * assets), then the trade; the fees are what the groups really pay (README cost table).
 */
import algosdk from 'algosdk'
import {
  APP_OPT_IN_COST,
  ASSET_MIN_BALANCE,
  BID_BOX_MIN_BALANCE,
  type ManagerState,
} from '@unica/contracts'
import { describe, expect, it } from 'vitest'
import type { AccountData } from '../common/chain/account.js'
import { available, type TradeContext } from '../common/market/plan.js'
import { isOwner, planAsk, planBid, planBuyNow, planCancelAsk, planSellNow } from './plan.js'

const me = algosdk.generateAccount().addr.toString()
const seller = algosdk.generateAccount().addr.toString()
const market = { appId: 3001n, nftId: 2001n, usdcId: 1001n }
const params: algosdk.SuggestedParams = {
  flatFee: true,
  fee: 0n,
  minFee: 1000n,
  firstValid: 100n,
  lastValid: 1100n,
  genesisID: 'devnet-v1',
  genesisHash: new Uint8Array(32),
}

function account(over: Partial<AccountData> = {}): AccountData {
  return {
    address: me,
    amount: 10_000_000n,
    minBalance: 200_000n,
    assets: new Map([['1001', 50_000_000n]]),
    apps: new Map(),
    appsOptedIn: 0,
    createdGuids: new Set(),
    ...over,
  }
}

function state(over: Partial<ManagerState> = {}): ManagerState {
  return {
    ask: 0n,
    owner: null,
    escrow: 'E',
    usdcId: 1001n,
    nftId: 2001n,
    creator: seller,
    bidCount: 0n,
    ...over,
  }
}

function ctx(over: Partial<TradeContext> = {}): TradeContext {
  return { address: me, account: account(), market, state: state(), myBid: 0n, params, ...over }
}

const kinds = (p: { steps: readonly { kind: string }[] }) => p.steps.map((s) => s.kind)

describe('planBid', () => {
  it('queues the app opt-in, then the NFT opt-in, then the first bid', () => {
    const p = planBid(ctx(), 5_000_000n)
    expect(kinds(p)).toEqual(['app-opt-in', 'asset-opt-in', 'trade'])
    // opt-ins 0.001 each, first bid 0.003 (pay box + USDC + call)
    expect(p.fees).toBe(5000n)
    expect(p.needed).toEqual({
      algos: 5000n + BID_BOX_MIN_BALANCE + APP_OPT_IN_COST + ASSET_MIN_BALANCE,
      usdc: 5_000_000n,
    })
  })

  it('skips opt-ins already done and sends only the difference when raising', () => {
    const c = ctx({
      account: account({
        apps: new Map([['3001', 2_000_000n]]),
        assets: new Map([
          ['1001', 9n],
          ['2001', 0n],
        ]),
      }),
      myBid: 2_000_000n,
    })
    const p = planBid(c, 5_000_000n)
    expect(kinds(p)).toEqual(['trade'])
    expect(p.fees).toBe(2000n)
    expect(p.needed.usdc).toBe(3_000_000n)
  })

  it('cancels with one call paying 0.003 and needs no USDC', () => {
    const p = planBid(ctx({ myBid: 2_000_000n }), 0n)
    expect(kinds(p)).toEqual(['trade'])
    expect(p.fees).toBe(3000n)
    expect(p.needed).toEqual({ algos: 3000n, usdc: 0n })
  })
})

describe('planBuyNow', () => {
  it('opts in to the NFT first and pays the ask', () => {
    const p = planBuyNow(ctx({ state: state({ ask: 7_000_000n, owner: seller }) }))
    expect(kinds(p)).toEqual(['asset-opt-in', 'trade'])
    expect(p.needed.usdc).toBe(7_000_000n)
    expect(p.fees).toBe(1000n + 1000n + 3000n)
  })
  it('nets the buyer’s bid', () => {
    const c = ctx({
      state: state({ ask: 7_000_000n, owner: seller }),
      myBid: 2_000_000n,
      account: account({
        assets: new Map([
          ['1001', 0n],
          ['2001', 0n],
        ]),
      }),
    })
    expect(planBuyNow(c).needed.usdc).toBe(5_000_000n)
  })
})

describe('planAsk and planCancelAsk', () => {
  it('lists from the wallet (0.002) when the NFT is not in escrow', () => {
    const c = ctx({
      account: account({
        assets: new Map([
          ['1001', 0n],
          ['2001', 1n],
        ]),
      }),
    })
    expect(isOwner(c)).toBe(true)
    const p = planAsk(c, 9_000_000n)
    expect(kinds(p)).toEqual(['trade'])
    expect(p.fees).toBe(2000n)
  })
  it('changes the ask (0.001) when the user is the recorded owner', () => {
    const p = planAsk(ctx({ state: state({ ask: 5n, owner: me }) }), 9_000_000n)
    expect(p.fees).toBe(1000n)
  })
  it('opts in to USDC first when the seller cannot receive it', () => {
    const c = ctx({ account: account({ assets: new Map([['2001', 1n]]) }) })
    expect(kinds(planAsk(c, 1n))).toEqual(['asset-opt-in', 'trade'])
  })
  it('cancels the ask for 0.002', () => {
    expect(planCancelAsk(ctx({ state: state({ ask: 5n, owner: me }) })).fees).toBe(2000n)
  })
})

describe('planSellNow', () => {
  it('sells from escrow for 0.004 and from the wallet for 0.004', () => {
    const buyer = algosdk.generateAccount().addr.toString()
    expect(planSellNow(ctx({ state: state({ ask: 5n, owner: me }) }), buyer, 3n).fees).toBe(4000n)
    const inWallet = ctx({
      account: account({
        assets: new Map([
          ['1001', 0n],
          ['2001', 1n],
        ]),
      }),
    })
    expect(planSellNow(inWallet, buyer, 3n).fees).toBe(4000n)
  })
})

describe('available', () => {
  it('is the Algos above the minimum balance and the USDC held', () => {
    expect(available(ctx())).toEqual({ algos: 9_800_000n, usdc: 50_000_000n })
  })
})
