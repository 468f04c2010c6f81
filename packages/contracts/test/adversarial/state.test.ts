/**
 * Attacks through OptIn, CloseOut and ClearState: trade args on them (the reference's "opt-in
 * exploit", docs/security.md, "Fixes the reference already had"), closing out with an open bid, and
 * ClearState with an open bid, which must lose nothing (docs/security.md W6).
 */
import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import {
  BID_BOX_MIN_BALANCE,
  buildAppCloseOut,
  buildAppOptIn,
  buildBid,
  buildSellNow,
  tradeArgs,
} from '../../src/index.js'
import { Harness, useHarness, signWith, type Account } from '../harness.js'
import { bidder, listedMarket, refused, regroup, setArgs, snapshot, tamper } from './helpers.js'

let h: Harness
useHarness((started) => {
  h = started
})

describe('OptIn and CloseOut', () => {
  it('refuses an OptIn carrying bid args grouped with a payment (the reference opt-in exploit)', async () => {
    const { staff, market } = await listedMarket(h)
    const victim = await bidder(h, market, 300n)
    const attacker = await h.account()
    const params = await h.params()
    const fee = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: attacker.address,
      receiver: attacker.address,
      amount: 0n,
      suggestedParams: params,
    })
    const optIn = buildAppOptIn({ account: attacker.address, appId: market.appId, params }).txns[0]
    setArgs(optIn, tradeArgs('BID', 0n))
    const g = regroup([fee, optIn])
    await refused(h, market, [staff, victim, attacker], () => h.send(g, attacker))
  })

  it('refuses an OptIn carrying trade args alone', async () => {
    const { staff, market } = await listedMarket(h)
    const attacker = await h.account()
    const g = tamper(
      buildAppOptIn({ account: attacker.address, appId: market.appId, params: await h.params() }),
      ([optIn]) => {
        setArgs(optIn, tradeArgs('SELL_NOW', 1n))
        return [optIn]
      },
    )
    await refused(h, market, [staff, attacker], () => h.send(g, attacker))
  })

  it('refuses a CloseOut with an open bid (the bid stays, with its USDC)', async () => {
    const { staff, market } = await listedMarket(h)
    const b = await bidder(h, market, 300n)
    const g = buildAppCloseOut({
      account: b.address,
      appId: market.appId,
      params: await h.params(),
    })
    await refused(h, market, [staff, b], () => h.send(g, b))
  })

  it('refuses a CloseOut carrying bid args (a cancel the escrow never pays for)', async () => {
    const { staff, market } = await listedMarket(h)
    const b = await bidder(h, market, 300n)
    const g = tamper(
      buildAppCloseOut({ account: b.address, appId: market.appId, params: await h.params() }),
      ([closeOut]) => {
        setArgs(closeOut, tradeArgs('BID', 0n))
        closeOut.fee = 3000n
        return [closeOut]
      },
    )
    await refused(h, market, [staff, b], () => h.send(g, b))
  })

  it('refuses a bid from an account that is not opted in (after a ClearState)', async () => {
    const { staff, market } = await listedMarket(h)
    const b = await bidder(h, market, 300n)
    await clearState(b, market.appId)
    const g = buildBid({
      bidder: b.address,
      market,
      currentBid: 300n,
      newBid: 400n,
      params: await h.params(),
    })
    await refused(h, market, [staff, b], () => h.send(g, b))
  })
})

/** ClearState (with any args and a fee worth 3 inner transactions, as an attacker would try). */
async function clearState(account: Account, appId: bigint, args?: Uint8Array[]) {
  const params = await h.params()
  const txn = algosdk.makeApplicationClearStateTxnFromObject({
    sender: account.address,
    appIndex: appId,
    appArgs: args,
    suggestedParams: { ...params, flatFee: true, fee: 3000n },
  })
  await h.sendSigned([signWith(account, txn)])
}

describe('ClearState with an open bid loses nothing (docs/security.md W6)', () => {
  it('keeps the bid of record; re-opting in restores it and cancelling refunds it', async () => {
    const { market } = await listedMarket(h)
    const b = await bidder(h, market, 300n)
    const before = await h.holdings(b.address, market)
    const stateBefore = await h.state(market)

    // ClearState carrying a cancel's args: it always succeeds, and must move nothing.
    await clearState(b, market.appId, tradeArgs('BID', 0n))
    expect(await h.localBid(b.address, market)).toBeUndefined()
    expect((await h.bidBoxes(market)).get(b.address)).toBe(300n)
    expect(await h.state(market)).toEqual(stateBefore)
    expect((await h.holdings(b.address, market)).usdc).toBe(before.usdc)

    await h.optIn(b, market, { nft: false })
    expect(await h.localBid(b.address, market)).toBe(300n)

    const cancel = buildBid({
      bidder: b.address,
      market,
      currentBid: 300n,
      newBid: 0n,
      params: await h.params(),
    })
    await h.send(cancel, b)
    const after = await h.holdings(b.address, market)
    expect(after.usdc).toBe(before.usdc + 300n)
    // The box's min balance came back; the fees were the opt-in's, the cancel's and the clear's.
    const fees = cancel.fee + 1000n + 3000n
    expect(after.algos).toBe(before.algos + BID_BOX_MIN_BALANCE - fees)
    expect((await h.state(market)).bidCount).toBe(0n)
    expect(await h.bidBoxes(market)).toEqual(new Map())
  })

  it('still lets the owner sell to a bidder who cleared state', async () => {
    const { staff, market } = await listedMarket(h)
    const b = await bidder(h, market, 300n)
    await clearState(b, market.appId)
    const snap = await snapshot(h, market, [staff.address, b.address])
    expect(snap.boxes[b.address]).toBe(300n)
    await h.send(
      buildSellNow({
        seller: staff.address,
        buyer: b.address,
        bid: 300n,
        fromEscrow: true,
        market,
        params: await h.params(),
      }),
      staff,
    )
    expect((await h.holdings(b.address, market)).nft).toBe(1n)
  })
})
