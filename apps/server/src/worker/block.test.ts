/**
 * Reading rounds from algod: transaction ids restored as algod computes them (checked against
 * GET /v2/blocks/{round}/txids), manager calls classified with their values and global deltas,
 * inner NFT transfers seen.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildBid,
  buildBuyNow,
  buildListAsk,
  BID_BOX_MIN_BALANCE,
  readConfirmedCall,
  type Market,
} from '@unica/contracts'
import { Harness, type Account } from '../../test/worker/chain.js'
import { readRound, type AppCallEvent, type TransferEvent } from './block.js'

let h: Harness
let staff: Account
let market: Market

beforeAll(async () => {
  h = await Harness.start()
  staff = await h.account()
  market = await h.market(staff)
})

afterAll(async () => {
  await h.stop()
})

const calls = (events: readonly { kind: string }[]): AppCallEvent[] =>
  events.filter((e): e is AppCallEvent => e.kind === 'call')

describe('readRound', () => {
  it('restores the ids algod reports and classifies a listing, a bid and a purchase', async () => {
    const list = buildListAsk({
      seller: staff.address,
      market,
      price: 50n,
      params: await h.params(),
    })
    const listRound = await h.send(list, staff)
    const listed = await readRound(h.algod, listRound)
    const { blocktxids } = await h.algod.getBlockTxids(listRound).do()
    const top = listed.events
      .map((e) => (e.kind === 'call' ? e.txId : null))
      .filter((id) => id !== null)
    expect(blocktxids).toEqual(list.txns.map((t) => t.txID()))
    expect(top).toEqual([list.txns[1].txID()])
    const [ask] = calls(listed.events)
    expect(readConfirmedCall(ask)).toMatchObject({ opType: 'ASK', value: 50n })
    expect(ask.globalDelta.get('A')).toBe(50n)
    expect(algosdk.encodeAddress(ask.globalDelta.get('O') as Uint8Array)).toBe(staff.address)
    expect(listed.timestamp).toBeGreaterThan(0n)

    const bidder = await h.account()
    await h.optIn(bidder, market)
    const bid = buildBid({
      bidder: bidder.address,
      market,
      currentBid: 0n,
      newBid: 20n,
      params: await h.params(),
    })
    const bidRound = await h.send(bid, bidder)
    const [bidCall] = calls((await readRound(h.algod, bidRound)).events)
    const c = readConfirmedCall(bidCall)!
    expect(c).toMatchObject({ opType: 'BID', value: 20n })
    expect(c.bids).toEqual(new Map([[bidder.address, 20n]]))

    const buy = buildBuyNow({
      buyer: bidder.address,
      market,
      price: 50n,
      owner: staff.address,
      currentBid: 20n,
      params: await h.params(),
    })
    const buyRound = await h.send(buy, bidder)
    const bought = await readRound(h.algod, buyRound)
    const [buyCall] = calls(bought.events)
    const purchase = readConfirmedCall(buyCall)
    expect(purchase).toMatchObject({ opType: 'BUY_NOW', value: 50n })
    // The payouts tell the variant and who was paid: the bid covered part, O got the ask.
    expect(purchase?.variant?.name).toBe('top-up')
    expect(purchase?.roles).toMatchObject({ buyer: bidder.address, owner: staff.address })
    expect(purchase?.bids).toEqual(new Map([[bidder.address, 0n]]))
    expect(buyCall.inner.map((i) => [i.type, i.assetId, i.receiver, i.amount])).toEqual([
      ['axfer', market.nftId, bidder.address, 1n],
      ['axfer', market.usdcId, staff.address, 50n],
      ['pay', undefined, bidder.address, BID_BOX_MIN_BALANCE],
    ])
    expect(buyCall.globalDelta.get('A')).toBe(0n)
    const nftMoves = bought.events.filter(
      (e): e is TransferEvent => e.kind === 'transfer' && e.assetId === market.nftId,
    )
    expect(nftMoves.map((m) => [m.receiver, m.amount])).toEqual([[bidder.address, 1n]])
  })
})
