import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import { buildBid, buildBuyNow, buildSellNow } from './builders/trade.js'
import { CURRENT_VERSION } from './market/versions.js'
import { configureCost, createNftCost, deployCost, groupCost, totalCreateCost } from './costs.js'
import { BID_BOX_MIN_BALANCE, ESCROW_FUNDING, PROXY_FUNDING, PROXY_FUNDING_V2 } from './protocol.js'

const params: algosdk.SuggestedParams = {
  flatFee: false,
  fee: 0n,
  minFee: 1000n,
  firstValid: 10n,
  lastValid: 1010n,
  genesisID: 'devnet-v1',
  genesisHash: new Uint8Array(32),
}
const market = { appId: 1017n, nftId: 1016n, usdcId: 1001n }
const user = algosdk.generateAccount().addr.toString()
const owner = algosdk.generateAccount().addr.toString()

describe('staff costs', () => {
  it('derive from the min-balance rules and the manager schema', () => {
    expect(PROXY_FUNDING).toBe(464_000n)
    expect(ESCROW_FUNDING).toBe(300_000n)
    expect(BID_BOX_MIN_BALANCE).toBe(18_500n)
    expect(createNftCost(params)).toEqual({ fees: 1_000n, deposits: 100_000n, total: 101_000n })
    expect(deployCost(params, 1)).toEqual({ fees: 2_000n, deposits: 464_000n, total: 466_000n })
    expect(configureCost(params, 1)).toEqual({ fees: 4_000n, deposits: 300_000n, total: 304_000n })
    expect(totalCreateCost(params, 1).total).toBe(871_000n)
  })

  it('v2: the proxy locks the larger schema (8 uints, 7 byte slices)', () => {
    expect(PROXY_FUNDING_V2).toBe(778_000n)
    expect(deployCost(params, 2)).toEqual({ fees: 2_000n, deposits: 778_000n, total: 780_000n })
    expect(configureCost(params, 2)).toEqual({ fees: 4_000n, deposits: 300_000n, total: 304_000n })
    expect(totalCreateCost(params, 2).total).toBe(1_185_000n)
  })

  it('new deploys run v3 and pay what v3 locks', () => {
    expect(CURRENT_VERSION).toBe(3)
    expect(deployCost(params)).toEqual(deployCost(params, 3))
    expect(totalCreateCost(params)).toEqual(totalCreateCost(params, 3))
  })

  it('scale with the network minimum fee', () => {
    expect(deployCost({ ...params, minFee: 2000n }).fees).toBe(4_000n)
  })
})

describe('trade fees', () => {
  const fee = (g: { fee: bigint }): bigint => g.fee
  it('count each transaction and each inner transaction once', () => {
    const bid = (currentBid: bigint, newBid: bigint): bigint =>
      fee(buildBid({ bidder: user, market, params, currentBid, newBid }))
    expect(bid(0n, 100n)).toBe(3_000n)
    expect(bid(100n, 200n)).toBe(2_000n)
    expect(bid(200n, 100n)).toBe(2_000n)
    expect(bid(100n, 0n)).toBe(3_000n)
    const buy = (currentBid: bigint): bigint =>
      fee(buildBuyNow({ buyer: user, owner, market, params, price: 500n, currentBid }))
    expect(buy(0n)).toBe(4_000n)
    expect(buy(100n)).toBe(5_000n)
    expect(buy(500n)).toBe(4_000n)
    expect(buy(900n)).toBe(5_000n)
    const sell = (fromEscrow: boolean): bigint =>
      fee(buildSellNow({ seller: owner, buyer: user, bid: 100n, fromEscrow, market, params }))
    expect(sell(true)).toBe(4_000n)
    expect(sell(false)).toBe(4_000n)
  })

  it('groupCost counts the signer’s fees and Algo payments only', () => {
    const g = buildBid({ bidder: user, market, params, currentBid: 0n, newBid: 100n })
    expect(groupCost(g, user)).toEqual({
      fees: 3_000n,
      deposits: BID_BOX_MIN_BALANCE,
      total: 21_500n,
    })
    expect(groupCost(g, owner).total).toBe(0n)
  })

  it('refuses impossible inputs', () => {
    expect(() => buildBid({ bidder: user, market, params, currentBid: 5n, newBid: 5n })).toThrow()
    expect(() => buildBid({ bidder: user, market, params, currentBid: 0n, newBid: -1n })).toThrow()
  })
})
