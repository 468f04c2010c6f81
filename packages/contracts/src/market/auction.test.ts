/**
 * The auction's arithmetic as teal/manager-v3.teal computes it, and v3's groups read back: every
 * auction builder's group through readSignedGroup, and confirmed calls (inner transactions written
 * out as the app sends them) through readConfirmedCall.
 */
import algosdk from 'algosdk'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  buildAuctionBid,
  buildCancelAuction,
  buildSettleAuction,
  buildStartAuction,
  buildWithdrawHeld,
} from '../builders/auction.js'
import type { Market } from '../builders/group.js'
import { AUCTION_DEPOSIT, HELD_BOX_MIN_BALANCE } from '../protocol.js'
import { auctionTermsError, endAfterBid, MAX_UINT64, minNextBid, minRaise } from './auction.js'
import { readConfirmedCall, type ConfirmedCall } from './read-confirmed.js'
import { readSignedGroup } from './read-signed.js'

const market: Market = { appId: 3001n, nftId: 2001n, usdcId: 1001n, version: 3 }
const [seller, alice, bob, anyone] = Array.from({ length: 4 }, () =>
  algosdk.generateAccount().addr.toString(),
)
const params: algosdk.SuggestedParams = {
  fee: 0n,
  minFee: 1000n,
  firstValid: 1n,
  lastValid: 1001n,
  genesisID: 'test',
  genesisHash: new Uint8Array(32),
}
const USDC = 1_000_000n

describe('auction arithmetic', () => {
  const auction = { reserve: 10n * USDC, raiseBp: 500n, raiseMin: USDC, highestBid: 0n }

  it('asks for the reserve first, then max(ceil(h × AP / 10000), AM) more', () => {
    expect(minNextBid(auction)).toBe(10n * USDC)
    expect(minNextBid({ ...auction, highestBid: 10n * USDC })).toBe(11n * USDC)
    expect(minNextBid({ ...auction, highestBid: 100n * USDC })).toBe(105n * USDC)
    // A ceil: 5% of 100.000001 USDC is 5.00000005, so 5.000001 more.
    expect(minRaise(auction, 100n * USDC + 1n)).toBe(5n * USDC + 1n)
  })

  it('never asks for less than a raise, and says when no bid can follow (above 2^64 - 1)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: MAX_UINT64 }),
        fc.constantFrom(0n, 500n, 1_234n, 10_000n),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        (h, bp, min) => {
          const raiseMin = bp === 0n && min === 0n ? 1n : min
          const next = minNextBid({ reserve: 1n, raiseBp: bp, raiseMin, highestBid: h })
          // At least the raise asked by either rule, and at most the larger plus one unit.
          expect(next - h).toBeGreaterThanOrEqual(raiseMin)
          expect((next - h) * 10_000n).toBeGreaterThanOrEqual(h * bp)
          expect(next - h).toBeLessThanOrEqual(raiseMin + (h * bp) / 10_000n + 1n)
        },
      ),
    )
    const top = { reserve: 1n, raiseBp: 10_000n, raiseMin: 0n, highestBid: 1n << 63n }
    expect(minNextBid(top)).toBe(1n << 64n)
    expect(minNextBid(top) > MAX_UINT64).toBe(true)
  })

  it('starts the clock on the first bid and extends a late one to 15 minutes', () => {
    expect(endAfterBid({ end: 0n, duration: 3_600n }, 1_000n)).toBe(4_600n)
    expect(endAfterBid({ end: 5_000n, duration: 3_600n }, 1_000n)).toBe(5_000n)
    // Exactly 15 minutes left: no change; less: the end moves.
    expect(endAfterBid({ end: 5_000n, duration: 3_600n }, 4_100n)).toBe(5_000n)
    expect(endAfterBid({ end: 5_000n, duration: 3_600n }, 4_101n)).toBe(5_001n)
    expect(endAfterBid({ end: 5_000n, duration: 3_600n }, 4_999n)).toBe(5_899n)
  })

  it('checks the terms as the app does', () => {
    const ok = { reserve: 1n, duration: 3_600n, raiseBp: 500n, raiseMin: 0n }
    expect(auctionTermsError(ok, 6)).toBeNull()
    expect(auctionTermsError({ ...ok, raiseBp: 0n, raiseMin: USDC }, 6)).toBeNull()
    expect(auctionTermsError({ ...ok, reserve: 0n }, 6)).toMatch(/reserve/)
    expect(auctionTermsError({ ...ok, duration: 3_599n }, 6)).toMatch(/duration/)
    expect(auctionTermsError({ ...ok, duration: 604_801n }, 6)).toMatch(/duration/)
    expect(auctionTermsError({ ...ok, raiseBp: 499n }, 6)).toMatch(/raise/)
    expect(auctionTermsError({ ...ok, raiseBp: 10_001n }, 6)).toMatch(/raise/)
    expect(auctionTermsError({ ...ok, raiseBp: 0n, raiseMin: USDC - 1n }, 6)).toMatch(/1 USDC/)
    expect(auctionTermsError({ ...ok, raiseBp: 0n }, 6)).toMatch(/minimum raise/)
    expect(AUCTION_DEPOSIT).toBe(18_900n)
    expect(HELD_BOX_MIN_BALANCE).toBe(18_900n)
  })
})

describe('v3 groups read back', () => {
  const terms = { reserve: 10n * USDC, duration: 3_600n, raiseBp: 500n, raiseMin: 0n }

  it('reads a start from the wallet and from escrow', () => {
    const wallet = buildStartAuction({ market, params, seller, ...terms, fromEscrow: false })
    const read = readSignedGroup(wallet.txns, 'AUCTION_START', 3)
    expect(read.variant.name).toBe('from-wallet')
    expect(read.terms).toMatchObject({ amount: 10n * USDC, duration: 3_600n, raiseBp: 500n })
    expect(read.roles).toMatchObject({ seller })
    const escrow = buildStartAuction({ market, params, seller, ...terms, fromEscrow: true })
    expect(readSignedGroup(escrow.txns, 'AUCTION_START', 3).variant.name).toBe('from-escrow')
    expect(() =>
      buildStartAuction({ market, params, seller, ...terms, duration: 60n, fromEscrow: true }),
    ).toThrow(RangeError)
    expect(() =>
      buildStartAuction({
        market: { ...market, version: 2 },
        params,
        seller,
        ...terms,
        fromEscrow: true,
      }),
    ).toThrow(/v3/)
  })

  it('builds and reads a bid: the deposit, the USDC, the refund by fee', () => {
    const first = buildAuctionBid({
      market,
      params,
      bidder: alice,
      amount: 10n * USDC,
      previous: null,
    })
    expect(first.fee).toBe(3_000n)
    const read = readSignedGroup(first.txns, 'AUCTION_BID', 3)
    expect(read.terms).toMatchObject({ amount: 10n * USDC })
    expect(read.roles.outbid).toBe(algosdk.ALGORAND_ZERO_ADDRESS_STRING)
    const outbid = buildAuctionBid({
      market,
      params,
      bidder: bob,
      amount: 11n * USDC,
      previous: { bidder: alice, bid: 10n * USDC, canReceiveUsdc: true },
    })
    expect(outbid.fee).toBe(5_000n)
    expect(readSignedGroup(outbid.txns, 'AUCTION_BID', 3).roles).toMatchObject({
      bidder: bob,
      outbid: alice,
    })
    const held = buildAuctionBid({
      market,
      params,
      bidder: bob,
      amount: 11n * USDC,
      previous: { bidder: alice, bid: 10n * USDC, canReceiveUsdc: false },
    })
    expect(held.fee).toBe(3_000n)
    // Two held boxes named: the bidder's (it must have none) and the outbid one's.
    expect(held.txns[2].applicationCall?.boxes).toHaveLength(2)
    expect(() =>
      buildAuctionBid({
        market,
        params,
        bidder: bob,
        amount: 10n * USDC,
        previous: { bidder: alice, bid: 10n * USDC, canReceiveUsdc: true },
      }),
    ).toThrow(RangeError)
  })

  it('reads confirmed bids, settles, cancels and withdrawals with their values and roles', () => {
    const call = (over: Partial<ConfirmedCall>): ConfirmedCall => ({
      sender: bob,
      appId: market.appId,
      created: false,
      onComplete: algosdk.OnApplicationComplete.NoOpOC,
      args: [],
      accounts: [],
      assets: [market.nftId, market.usdcId],
      inner: [],
      ...over,
    })
    const args = (name: string, amount?: bigint) => [
      new TextEncoder().encode(name),
      ...(amount === undefined ? [] : [algosdk.encodeUint64(amount)]),
    ]
    const usdc = (receiver: string, amount: bigint) =>
      ({ type: 'axfer', assetId: market.usdcId, receiver, amount }) as const
    const deposit = (receiver: string) =>
      ({ type: 'pay', receiver, amount: AUCTION_DEPOSIT }) as const

    const bid = readConfirmedCall(
      call({
        args: args('AB', 11n * USDC),
        accounts: [alice],
        inner: [usdc(alice, 10n * USDC), deposit(alice)],
        globalDelta: new Map([
          ['AV', 11n * USDC],
          ['AE', 1_700_000_900n],
        ]),
      }),
      3,
    )
    expect(bid).toMatchObject({
      opType: 'AUCTION_BID',
      value: 11n * USDC,
      auctionEnd: 1_700_000_900n,
    })
    expect(bid?.roles).toMatchObject({ bidder: bob, outbid: alice })

    const settle = readConfirmedCall(
      call({
        sender: anyone,
        args: args('AZ', 11n * USDC),
        accounts: [bob, seller],
        inner: [
          { type: 'axfer', assetId: market.nftId, receiver: bob, amount: 1n },
          usdc(seller, 11n * USDC),
          deposit(bob),
        ],
        globalDelta: new Map([['AE', 0n]]),
      }),
      3,
    )
    expect(settle).toMatchObject({ opType: 'AUCTION_SETTLE', value: 11n * USDC, auctionEnd: 0n })
    expect(settle?.variant?.name).toBe('delivered')
    expect(settle?.roles).toMatchObject({ winner: bob, owner: seller })

    const cancel = readConfirmedCall(
      call({
        sender: seller,
        args: args('AC'),
        inner: [{ type: 'axfer', assetId: market.nftId, receiver: seller, amount: 1n }],
      }),
      3,
    )
    expect(cancel).toMatchObject({ opType: 'AUCTION_CANCEL', value: 0n })

    const withdraw = readConfirmedCall(
      call({
        sender: alice,
        args: args('AW', 10n * USDC),
        inner: [usdc(alice, 10n * USDC), deposit(alice)],
      }),
      3,
    )
    expect(withdraw).toMatchObject({ opType: 'AUCTION_WITHDRAW', value: 10n * USDC })
    // v2 has no auction: the same call is nothing it approves.
    expect(readConfirmedCall(call({ args: args('AB', 1n), accounts: [alice] }), 2)).toBeNull()
  })

  it('builds a settle naming the one box it may create, and a withdrawal', () => {
    const base = {
      market,
      params,
      sender: anyone,
      winner: bob,
      seller,
      amount: 11n * USDC,
      winnerCanReceiveNft: true,
      sellerCanReceiveUsdc: true,
      winnerExists: true,
    }
    const plain = buildSettleAuction(base)
    expect(plain.fee).toBe(4_000n)
    expect(plain.txns[0].applicationCall?.boxes).toHaveLength(0)
    const held = buildSettleAuction({ ...base, sellerCanReceiveUsdc: false })
    expect(held.fee).toBe(2_000n)
    expect(held.txns[0].applicationCall?.boxes).toHaveLength(1)
    const kept = buildSettleAuction({ ...base, winnerCanReceiveNft: false })
    expect(kept.variant.name).toBe('kept')
    expect(kept.fee).toBe(3_000n)
    expect(buildWithdrawHeld({ market, params, account: alice, amount: 0n }).fee).toBe(2_000n)
    expect(buildCancelAuction({ market, params, seller }).fee).toBe(2_000n)
  })
})
