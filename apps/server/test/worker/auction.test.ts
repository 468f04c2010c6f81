/**
 * Auctions end to end on the devnet (manager v3, docs/product.md §4): a v3 market, a start, bids
 * (the outbid refund, the clock, an extension by a late bid), each sent through send_tx, submitted
 * by the sender and recorded by the follower with its notifications; time moved with the devnet's
 * block timestamp offset; the worker's settler settling with its KMD operator account; a cancel;
 * the API's auction object and history; send_tx refusing auction groups it cannot take; and
 * exactly-once records and notifications when the rounds are applied again.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildAuctionBid,
  buildBuyNow,
  buildCancelAuction,
  buildListAsk,
  buildSettleAuction,
  buildStartAuction,
  royaltyCut,
  type Market,
  type UnsignedGroup,
} from '@unica/contracts'
import type { Asset, Operation } from '@unica/schemas'
import { AuctionSettler } from '../../src/worker/auction-settler.js'
import { CURSOR_NAME, Follower } from '../../src/worker/follower.js'
import { auctionSettlement } from '../../src/worker/index.js'
import { Sender } from '../../src/worker/sender.js'
import { blobOf, signWith, type Account } from './chain.js'
import { registerMarket, workerEnv, type WorkerEnv } from './env.js'

const USDC = 1_000_000n
const RESERVE = 10n * USDC
const HOUR = 3600n

let env: WorkerEnv
let sender: Sender
let follower: Follower
let settler: AuctionSettler
let creator: Account
let collab: Account
let collector: Account
let alice: Account
let bob: Account
let market: Market
let guid: string

beforeAll(async () => {
  env = await workerEnv()
  sender = new Sender(env.database, env.h.algod)
  follower = new Follower(env.database, env.h.algod, { startRound: 1n })
  const settle = await auctionSettlement(env.server.chain, undefined, (m) => {
    throw new Error(m)
  })
  if (settle === undefined) throw new Error('no settler')
  settler = new AuctionSettler(env.database, env.h.algod, settle.operator, settle.build)
  ;[creator, collab, collector, alice, bob] = await Promise.all(
    Array.from({ length: 5 }, () => env.h.account()),
  )
  market = await env.h.market(creator, {
    version: 3,
    royalty: {
      recipients: [
        { address: creator.address, share: 500n },
        { address: collab.address, share: 300n },
      ],
    },
  })
  guid = await registerMarket(env.database, creator, market)
  await env.database.query('UPDATE assets SET contract_version = 3 WHERE guid = $1', [guid])
  for (const a of [collector, alice, bob]) await env.h.optIn(a, market, { app: false })
  await follower.catchUp()
}, 120_000)

afterAll(async () => {
  await env.stop()
})

const params = () => env.h.params()

/** Signs a group, hands it to send_tx as a wallet would, runs the sender and the follower. */
async function viaSendTx(g: UnsignedGroup, operation: string, key: Account): Promise<string> {
  const res = await env.server.post('/api/operations/send_tx/', {
    blob: blobOf(env.h.sign(g, key)),
    operation,
  })
  expect(res.statusCode, res.body).toBe(201)
  expect(await sender.step()).toEqual(['executed'])
  await follower.catchUp()
  return res.json<{ operation_id: string }>().operation_id
}

async function asset(): Promise<Asset> {
  const res = await env.server.get(`/api/assets/${guid}/`)
  expect(res.statusCode).toBe(200)
  return res.json<Asset>()
}

async function history(): Promise<Operation[]> {
  const res = await env.server.get(`/api/operations/?asset__guid=${guid}&limit=100`)
  return res.json<{ results: Operation[] }>().results
}

async function notifications(): Promise<{ account: string; kind: string; value: string }[]> {
  return env.database.query(
    `SELECT account, kind, value::text FROM notifications WHERE asset_guid = $1 ORDER BY id`,
    [guid],
  )
}

/** The latest block's timestamp (unix seconds). */
async function chainNow(): Promise<bigint> {
  const { lastRound } = await env.h.algod.status().do()
  return (await env.h.algod.block(lastRound).do()).block.header.timestamp
}

/** Makes the next block's timestamp `at` (a block with a 0-Algo payment), then holds time still. */
async function blockAt(at: bigint): Promise<void> {
  await env.h.algod.setBlockOffsetTimestamp(at - (await chainNow())).do()
  const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: bob.address,
    receiver: bob.address,
    amount: 0,
    suggestedParams: await params(),
  })
  await env.h.sendSigned([signWith(bob, pay)])
  await env.h.algod.setBlockOffsetTimestamp(0).do()
  expect(await chainNow()).toBe(at)
}

const usdcOf = async (a: Account): Promise<bigint> => (await env.h.holdings(a.address, market)).usdc

describe('an auction on a v3 manager', () => {
  let end: bigint

  it('starts through send_tx from the wallet: the NFT in escrow, the auction on the asset', async () => {
    // The collector buys the piece first, so the auction's sale pays the creator's royalty.
    await env.h.send(
      buildListAsk({ seller: creator.address, market, price: 5n * USDC, params: await params() }),
      creator,
    )
    await env.h.send(
      buildBuyNow({
        buyer: collector.address,
        market,
        price: 5n * USDC,
        owner: creator.address,
        currentBid: 0n,
        params: await params(),
      }),
      collector,
    )
    await follower.catchUp()
    const start = buildStartAuction({
      market,
      params: await params(),
      seller: collector.address,
      fromEscrow: false,
      reserve: RESERVE,
      duration: HOUR,
      raiseBp: 500n,
      raiseMin: USDC,
    })
    await viaSendTx(start, 'AUCTION_START', collector)
    const a = await asset()
    expect(a.owner_address).toBe(collector.address)
    expect(a.holding_address).toBe(a.escrow_address)
    expect(a.auction).toEqual({
      reserve: RESERVE.toString(),
      duration: 3600,
      raise_bp: 500,
      raise_min: USDC.toString(),
      end: null,
      highest_bid: null,
      highest_bidder: null,
      min_next_bid: RESERVE.toString(),
      status: 'running',
    })
    const listed = await env.server.get('/api/assets/?market=auction&order_by=ending_soon')
    expect(listed.json<{ results: Asset[] }>().results.map((x) => x.guid)).toEqual([guid])
    expect((await history())[0]).toMatchObject({
      op_type: 'AUCTION_START',
      value: RESERVE.toString(),
      sender: collector.address,
    })
  })

  it('takes a first bid (the clock starts) and a higher one that refunds it', async () => {
    const aliceBefore = await usdcOf(alice)
    await viaSendTx(
      buildAuctionBid({
        market,
        params: await params(),
        bidder: alice.address,
        amount: RESERVE,
        previous: null,
      }),
      'AUCTION_BID',
      alice,
    )
    const clockStart = await chainNow()
    let a = await asset()
    end = BigInt(Date.parse(a.auction?.end ?? '')) / 1000n
    // The first bid's block's LatestTimestamp is the block before it: at most the bid's own.
    expect(end).toBeGreaterThan(clockStart + HOUR - 60n)
    expect(end).toBeLessThanOrEqual(clockStart + HOUR)
    expect(a.auction).toMatchObject({
      highest_bid: RESERVE.toString(),
      highest_bidder: alice.address,
      // 5% of 10 USDC is below the 1 USDC minimum raise.
      min_next_bid: (RESERVE + USDC).toString(),
      status: 'running',
    })
    expect(await usdcOf(alice)).toBe(aliceBefore - RESERVE)

    await viaSendTx(
      buildAuctionBid({
        market,
        params: await params(),
        bidder: bob.address,
        amount: RESERVE + USDC,
        previous: { bidder: alice.address, bid: RESERVE, canReceiveUsdc: true },
      }),
      'AUCTION_BID',
      bob,
    )
    a = await asset()
    expect(a.auction).toMatchObject({
      highest_bid: (RESERVE + USDC).toString(),
      highest_bidder: bob.address,
      end: new Date(Number(end) * 1000).toISOString(),
    })
    // Alice's bid came back in the same group.
    expect(await usdcOf(alice)).toBe(aliceBefore)
    const [bobBid] = await history()
    expect(bobBid).toMatchObject({
      op_type: 'AUCTION_BID',
      value: (RESERVE + USDC).toString(),
      sender: bob.address,
      counterparty: alice.address,
      auction_end: new Date(Number(end) * 1000).toISOString(),
    })
    // After the creator's 'sold' (the collector's buy).
    expect((await notifications()).slice(1)).toEqual([
      { account: collector.address, kind: 'auction_bid', value: RESERVE.toString() },
      { account: alice.address, kind: 'auction_outbid', value: (RESERVE + USDC).toString() },
      { account: collector.address, kind: 'auction_bid', value: (RESERVE + USDC).toString() },
    ])
  })

  it('stores a bid below the minimum raise, which the chain refuses (reported, nothing moves)', async () => {
    const before = await asset()
    const low = buildAuctionBid({
      market,
      params: await params(),
      bidder: alice.address,
      // One base unit short of the minimum next bid.
      amount: BigInt(before.auction?.min_next_bid ?? 0) - 1n,
      previous: { bidder: bob.address, bid: RESERVE + USDC, canReceiveUsdc: true },
    })
    const res = await env.server.post('/api/operations/send_tx/', {
      blob: blobOf(env.h.sign(low, alice)),
      operation: 'AUCTION_BID',
    })
    expect(res.statusCode).toBe(201)
    expect(await sender.step()).toEqual(['failed'])
    const id = res.json<{ operation_id: string }>().operation_id
    const answer = (await env.server.get(`/api/operations/${id}`)).json<Record<string, unknown>>()
    expect(answer).toMatchObject({ is_pending: false, is_executed: false })
    expect(answer.failure_reason).toMatch(/logic eval error/)
    await follower.catchUp()
    expect(await asset()).toEqual(before)
  })

  it('moves the end to 15 minutes after a bid in the last 15 minutes', async () => {
    await blockAt(end - 60n)
    const amount = 12n * USDC
    await viaSendTx(
      buildAuctionBid({
        market,
        params: await params(),
        bidder: alice.address,
        amount,
        previous: { bidder: bob.address, bid: RESERVE + USDC, canReceiveUsdc: true },
      }),
      'AUCTION_BID',
      alice,
    )
    const moved = end - 60n + 900n
    expect((await asset()).auction?.end).toBe(new Date(Number(moved) * 1000).toISOString())
    expect((await history())[0].auction_end).toBe(new Date(Number(moved) * 1000).toISOString())
    end = moved
  })

  it('is settled by the worker once the chain reaches the end, paying the royalty', async () => {
    // Not before the end: nothing due.
    expect(await settler.step()).toBe(0)
    await blockAt(end)
    await follower.catchUp()
    expect((await asset()).auction?.status).toBe('ended')
    const price = 12n * USDC
    const collectorBefore = await usdcOf(collector)
    const operatorBefore = (await env.h.algod.accountInformation(settler.address).do()).amount
    expect(await settler.step()).toBe(1)
    // Queued once: a second step finds it settling.
    expect(await settler.step()).toBe(0)
    expect(await sender.step()).toEqual(['executed'])
    await follower.catchUp()

    const a = await asset()
    expect(a.auction).toBeNull()
    expect(a.owner_address).toBe(alice.address)
    expect(a.holding_address).toBe(alice.address)
    const royalty = royaltyCut(price, 500n) + royaltyCut(price, 300n)
    expect(await usdcOf(collector)).toBe(collectorBefore + price - royalty)
    const [settled] = await history()
    expect(settled).toMatchObject({
      op_type: 'AUCTION_SETTLE',
      value: price.toString(),
      sender: settler.address,
      counterparty: alice.address,
      royalty: royalty.toString(),
      is_executed: true,
    })
    // The operator paid the call's fee (the same call built again says what it was) and no more.
    const again = buildSettleAuction({
      market,
      params: await params(),
      sender: bob.address,
      winner: alice.address,
      seller: collector.address,
      amount: price,
      winnerCanReceiveNft: true,
      sellerCanReceiveUsdc: true,
      winnerExists: true,
    })
    const operatorAfter = (await env.h.algod.accountInformation(settler.address).do()).amount
    expect(operatorBefore - operatorAfter).toBe(again.fee)
    const kinds = (await notifications()).slice(-4)
    expect(kinds).toEqual([
      { account: alice.address, kind: 'auction_won', value: price.toString() },
      { account: collector.address, kind: 'auction_ended', value: price.toString() },
      { account: creator.address, kind: 'royalty_paid', value: royaltyCut(price, 500n).toString() },
      { account: collab.address, kind: 'royalty_paid', value: royaltyCut(price, 300n).toString() },
    ])
    // The feed and the price history name the winner as the other party, not the operator.
    const feed = await env.server.get('/api/activity/?type=sale&limit=100')
    const sale = feed
      .json<{ results: { op_type: string; sender: string; counterparty: string | null }[] }>()
      .results.find((i) => i.op_type === 'AUCTION_SETTLE')
    expect(sale).toMatchObject({ sender: settler.address, counterparty: alice.address })
    const points = (await env.server.get(`/api/assets/${guid}/price_history/`)).json<{
      points: { type: string; op_type: string; value: string; counterparty: string | null }[]
    }>().points
    expect(points.at(-1)).toMatchObject({
      type: 'sale',
      op_type: 'AUCTION_SETTLE',
      value: price.toString(),
      counterparty: alice.address,
    })
    expect(points.map((p) => p.op_type)).toContain('AUCTION_START')
    // A sale: the creator's figures and the piece's last sale count it.
    const figures = await env.server.get(`/api/creators/${creator.address}/`)
    expect(figures.json<{ sales: number }>().sales).toBe(2)
    const [sold] = await env.database.query<{ sold: boolean }>(
      'SELECT last_sold_at IS NOT NULL AS sold FROM assets WHERE guid = $1',
      [guid],
    )
    expect(sold.sold).toBe(true)
    // Nothing left to settle; settling again is refused by the chain.
    expect(await settler.step()).toBe(0)
    await expect(env.h.send(again, bob)).rejects.toThrow()
  })

  it('records and notifies exactly once when the rounds are applied again', async () => {
    const count = async (table: string) =>
      (
        await env.database.query<{ n: string }>(
          `SELECT count(*)::text AS n FROM ${table} WHERE asset_guid = $1`,
          [guid],
        )
      )[0].n
    const [ops, told] = [await count('operations'), await count('notifications')]
    const before = await asset()
    await env.database.query('UPDATE chain_cursor SET round = 0 WHERE name = $1', [CURSOR_NAME])
    await new Follower(env.database, env.h.algod, { batchRounds: 64 }).catchUp()
    expect(await count('operations')).toBe(ops)
    expect(await count('notifications')).toBe(told)
    expect(await asset()).toEqual(before)
  })
})

describe('cancelling and what send_tx refuses', () => {
  let v3: Market
  let v3Guid: string

  beforeAll(async () => {
    v3 = await env.h.market(creator, { version: 3 })
    v3Guid = await registerMarket(env.database, creator, v3)
    await env.database.query('UPDATE assets SET contract_version = 3 WHERE guid = $1', [v3Guid])
    await follower.catchUp()
  })

  it('cancels an auction without a bid: the NFT back to its owner', async () => {
    const start = buildStartAuction({
      market: v3,
      params: await params(),
      seller: creator.address,
      fromEscrow: false,
      reserve: RESERVE,
      duration: HOUR,
      raiseBp: 0n,
      raiseMin: USDC,
    })
    await viaSendTx(start, 'AUCTION_START', creator)
    const cancel = buildCancelAuction({
      market: v3,
      params: await params(),
      seller: creator.address,
    })
    await viaSendTx(cancel, 'AUCTION_CANCEL', creator)
    const a = (await env.server.get(`/api/assets/${v3Guid}/`)).json<Asset>()
    expect(a.auction).toBeNull()
    expect(a.owner_address).toBe(creator.address)
    expect(a.holding_address).toBe(creator.address)
    const res = await env.server.get(`/api/operations/?asset__guid=${v3Guid}`)
    expect(
      res
        .json<{ results: Operation[] }>()
        .results.map((o) => o.op_type)
        .slice(0, 2),
    ).toEqual(['AUCTION_CANCEL', 'AUCTION_START'])
    // In the activity feed: a start is a listing at the reserve, a cancel a cancel.
    interface Item {
      type: string
      op_type: string
      value: string
      asset: { guid: string } | null
    }
    const feed = await env.server.get('/api/activity/?limit=100')
    const items = feed.json<{ results: Item[] }>().results.filter((i) => i.asset?.guid === v3Guid)
    expect(items.map((i) => [i.type, i.op_type, i.value])).toEqual([
      ['cancel', 'AUCTION_CANCEL', '0'],
      ['listing', 'AUCTION_START', RESERVE.toString()],
    ])
  })

  it('refuses an auction group declared as another operation, or on a v2 manager', async () => {
    const start = buildStartAuction({
      market: v3,
      params: await params(),
      seller: creator.address,
      fromEscrow: false,
      reserve: RESERVE,
      duration: HOUR,
      raiseBp: 500n,
      raiseMin: 0n,
    })
    const blob = blobOf(env.h.sign(start, creator))
    for (const operation of ['AUCTION_BID', 'ASK', 'AUCTION_SETTLE']) {
      const res = await env.server.post('/api/operations/send_tx/', { blob, operation })
      expect(res.statusCode, operation).toBe(400)
    }
    const bad = await env.server.post('/api/operations/send_tx/', { blob, operation: 'AUCTION' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json<Record<string, unknown>>().operation).toBeInstanceOf(Array)
    // The same group on a v2 app of ours: v2 has no auctions.
    const v2 = await env.h.market(creator, { version: 2 })
    const v2Guid = await registerMarket(env.database, creator, v2)
    await env.database.query('UPDATE assets SET contract_version = 2 WHERE guid = $1', [v2Guid])
    const onV2 = buildStartAuction({
      market: { ...v2, version: 3 },
      params: await params(),
      seller: creator.address,
      fromEscrow: false,
      reserve: RESERVE,
      duration: HOUR,
      raiseBp: 500n,
      raiseMin: 0n,
    })
    const res = await env.server.post('/api/operations/send_tx/', {
      blob: blobOf(env.h.sign(onV2, creator)),
      operation: 'AUCTION_START',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json<Record<string, string[]>>().operation[0]).toMatch(/no AUCTION_START/)
  })
})
