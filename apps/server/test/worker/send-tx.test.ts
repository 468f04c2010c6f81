/**
 * send_tx end to end on the devnet: every trade built by the contracts builders, signed, stored by
 * the route, submitted by the sender, and recorded by the follower; idempotence by transaction id;
 * the chain's refusal reported with algod's reason; hostile blobs refused with 4xx field errors.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildBid,
  buildBuyNow,
  buildCancelAsk,
  buildChangeAsk,
  buildListAsk,
  buildSellNow,
  type Market,
  type UnsignedGroup,
} from '@unica/contracts'
import { Follower } from '../../src/worker/follower.js'
import { Sender } from '../../src/worker/sender.js'
import { blobOf, type Account } from './chain.js'
import { assetRow, operations, registerMarket, workerEnv, type WorkerEnv } from './env.js'

let env: WorkerEnv
let sender: Sender
let follower: Follower

beforeAll(async () => {
  env = await workerEnv()
  sender = new Sender(env.database, env.h.algod)
  follower = new Follower(env.database, env.h.algod, { startRound: 1n })
})

afterAll(async () => {
  await env.stop()
})

async function sendTx(
  blob: string,
  operation: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await env.server.post('/api/operations/send_tx/', { blob, operation })
  return { status: res.statusCode, body: res.json() }
}

async function status(id: string): Promise<Record<string, unknown>> {
  const res = await env.server.get(`/api/operations/${id}`)
  expect(res.statusCode).toBe(200)
  return res.json()
}

/** Signs a group, hands it to send_tx, runs the sender and the follower; returns the operation. */
async function trade(g: UnsignedGroup, operation: string, ...keys: Account[]): Promise<string> {
  const { status: code, body } = await sendTx(blobOf(env.h.sign(g, ...keys)), operation)
  expect(code).toBe(201)
  const id = body.operation_id as string
  expect(await status(id)).toMatchObject({ is_pending: true, is_executed: false })
  expect(await sender.step()).toEqual(['executed'])
  await follower.catchUp()
  expect(await status(id)).toMatchObject({ is_pending: false, is_executed: true })
  return id
}

const params = (): Promise<algosdk.SuggestedParams> => env.h.params()

describe('send_tx and the sender', () => {
  let staff: Account
  let alice: Account
  let bob: Account
  let market: Market
  let guid: string

  beforeAll(async () => {
    staff = await env.h.account()
    alice = await env.h.account()
    bob = await env.h.account()
    market = await env.h.market(staff)
    guid = await registerMarket(env.database, staff, market)
    await env.h.optIn(alice, market)
    await env.h.optIn(bob, market)
  })

  it('lists, changes the ask, takes bids, sells now, buys now and cancels, each recorded', async () => {
    const escrow = env.h.escrow(market)
    await trade(
      buildListAsk({ seller: staff.address, market, price: 100n, params: await params() }),
      'ASK',
      staff,
    )
    expect(await assetRow(env.database, guid)).toMatchObject({
      price: '100',
      owner_address: staff.address,
      holding_address: escrow,
    })
    await trade(
      buildChangeAsk({ seller: staff.address, market, price: 90n, params: await params() }),
      'ASK',
      staff,
    )
    await trade(
      buildBid({
        bidder: alice.address,
        market,
        currentBid: 0n,
        newBid: 40n,
        params: await params(),
      }),
      'BID',
      alice,
    )
    await trade(
      buildBid({
        bidder: bob.address,
        market,
        currentBid: 0n,
        newBid: 60n,
        params: await params(),
      }),
      'BID',
      bob,
    )
    expect(await assetRow(env.database, guid)).toMatchObject({
      price: '90',
      highest_bid_value: '60',
      highest_bid_sender: bob.address,
    })
    // Staff sells to bob's bid from escrow: bob owns it, alice's bid remains the highest.
    await trade(
      buildSellNow({
        seller: staff.address,
        buyer: bob.address,
        bid: 60n,
        fromEscrow: true,
        params: await params(),
        market,
      }),
      'SELL_NOW',
      staff,
    )
    expect(await assetRow(env.database, guid)).toMatchObject({
      price: null,
      owner_address: bob.address,
      holding_address: bob.address,
      highest_bid_value: '40',
      highest_bid_sender: alice.address,
    })
    // Bob lists it; alice buys now, her bid counting towards the price.
    await trade(
      buildListAsk({ seller: bob.address, market, price: 70n, params: await params() }),
      'ASK',
      bob,
    )
    await trade(
      buildBuyNow({
        buyer: alice.address,
        market,
        price: 70n,
        owner: bob.address,
        currentBid: 40n,
        params: await params(),
      }),
      'BUY_NOW',
      alice,
    )
    expect(await assetRow(env.database, guid)).toMatchObject({
      price: null,
      owner_address: alice.address,
      holding_address: alice.address,
      highest_bid_value: null,
      highest_bid_sender: null,
    })
    // Alice lists and cancels; bob bids and cancels.
    await trade(
      buildListAsk({ seller: alice.address, market, price: 500n, params: await params() }),
      'ASK',
      alice,
    )
    await trade(
      buildCancelAsk({ seller: alice.address, market, params: await params() }),
      'ASK',
      alice,
    )
    await trade(
      buildBid({ bidder: bob.address, market, currentBid: 0n, newBid: 5n, params: await params() }),
      'BID',
      bob,
    )
    await trade(
      buildBid({ bidder: bob.address, market, currentBid: 5n, newBid: 0n, params: await params() }),
      'BID',
      bob,
    )
    expect(await assetRow(env.database, guid)).toMatchObject({
      price: null,
      owner_address: alice.address,
      holding_address: alice.address,
      highest_bid_value: null,
    })
    const history = await operations(env.database, guid)
    const trades = history.filter((o) => ['ASK', 'BID', 'BUY_NOW', 'SELL_NOW'].includes(o.op_type))
    expect(trades.map((o) => [o.op_type, o.value])).toEqual([
      ['ASK', '100'],
      ['ASK', '90'],
      ['BID', '40'],
      ['BID', '60'],
      ['SELL_NOW', '60'],
      ['ASK', '70'],
      ['BUY_NOW', '70'],
      ['ASK', '500'],
      ['ASK', '0'],
      ['BID', '5'],
      ['BID', '0'],
    ])
    for (const o of trades) {
      expect(o).toMatchObject({ status: 'executed', has_signed_group: false })
      expect(o.round).not.toBeNull()
      expect(o.block_time).not.toBeNull()
    }
    // Each sale names its other party, as the follower read it from the inner transactions: the
    // buyer of the sell now, the owner paid by the buy now; nothing else has one.
    expect(trades.map((o) => o.counterparty)).toEqual([
      ...[null, null, null, null, bob.address],
      ...[null, bob.address, null, null, null, null],
    ])
    const served = await env.server.get(`/api/operations/?asset__guid=${guid}&limit=100`)
    expect(served.statusCode).toBe(200)
    const sales = served
      .json<{ results: Record<string, unknown>[] }>()
      .results.filter((o) => o.op_type === 'SELL_NOW' || o.op_type === 'BUY_NOW')
      .map((o) => [o.op_type, o.sender, o.counterparty, o.value])
    expect(sales).toEqual([
      ['BUY_NOW', alice.address, bob.address, '70'],
      ['SELL_NOW', staff.address, bob.address, '60'],
    ])
    const others = served.json<{ results: Record<string, unknown>[] }>().results
    expect(others.filter((o) => o.counterparty !== null)).toHaveLength(2)
  })

  it('answers the same group twice with the same operation', async () => {
    const g = buildChangeAsk({
      seller: alice.address,
      market,
      price: 0n + 1n,
      params: await params(),
    })
    // Alice holds the NFT (not in escrow), so this change is refused on chain; the id is stable.
    const blob = blobOf(env.h.sign(g, alice))
    const first = await sendTx(blob, 'ASK')
    const second = await sendTx(blob, 'ASK')
    expect(first.status).toBe(201)
    expect(second.status).toBe(200)
    expect(second.body.operation_id).toBe(first.body.operation_id)
    expect(await sender.step()).toEqual(['failed'])
    const answer = await status(first.body.operation_id as string)
    expect(answer).toMatchObject({ is_pending: false, is_executed: false })
    expect(answer.failure_reason).toMatch(/logic eval error/)
    // The follower finds nothing of it on chain: still one failed row.
    await follower.catchUp()
    const rows = (await operations(env.database, guid)).filter((o) => o.tx_id === g.txns[0].txID())
    expect(rows).toHaveLength(1)
    expect(rows[0].status).toBe('failed')
  })

  it('refuses hostile and foreign blobs with field errors, storing nothing', async () => {
    const before = (await operations(env.database, guid)).length
    const cases: [unknown, string][] = [
      [{}, 'blob'],
      [{ blob: 'AAAA', operation: 'STEAL' }, 'operation'],
      [{ blob: 42, operation: 'BID' }, 'blob'],
      [{ blob: '!!', operation: 'BID' }, 'blob'],
      [{ blob: Buffer.from('hello').toString('base64'), operation: 'BID' }, 'blob'],
    ]
    for (const [payload, field] of cases) {
      const res = await env.server.post('/api/operations/send_tx/', payload)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toHaveProperty(field)
    }
    // A well-formed trade on an app that is not one of ours.
    const other = await env.h.market(staff)
    const g = buildChangeAsk({
      seller: staff.address,
      market: other,
      price: 5n,
      params: await params(),
    })
    const foreign = await sendTx(blobOf(env.h.sign(g, staff)), 'ASK')
    expect(foreign.status).toBe(400)
    expect(foreign.body.blob).toEqual(['The group does not call a Unica contract.'])
    // Declared as another operation.
    const bid = buildBid({
      bidder: bob.address,
      market,
      currentBid: 0n,
      newBid: 9n,
      params: await params(),
    })
    const mislabelled = await sendTx(blobOf(env.h.sign(bid, bob)), 'BUY_NOW')
    expect(mislabelled.status).toBe(400)
    expect(mislabelled.body).toHaveProperty('operation')
    expect((await operations(env.database, guid)).length).toBe(before)
  })

  it('refuses a send_tx without the CSRF token', async () => {
    const res = await env.server.app.inject({
      method: 'POST',
      url: '/api/operations/send_tx/',
      payload: { blob: 'AAAA', operation: 'BID' },
    })
    expect(res.statusCode).toBe(403)
  })

  it('refuses groups not valid yet, and more than 16 open operations of one account', async () => {
    const p = await params()
    const early = buildChangeAsk({
      seller: bob.address,
      market,
      price: 3n,
      params: {
        ...p,
        firstValid: BigInt(p.firstValid) + 100n,
        lastValid: BigInt(p.lastValid) + 100n,
      },
    })
    const refused = await sendTx(blobOf(env.h.sign(early, bob)), 'ASK')
    expect(refused.status).toBe(400)
    expect(refused.body.blob).toEqual(['The group is not valid yet.'])

    const spammer = await env.h.account()
    const blobs = []
    for (let price = 1n; price <= 17n; price++) {
      const g = buildChangeAsk({ seller: spammer.address, market, price, params: p })
      blobs.push(blobOf(env.h.sign(g, spammer)))
    }
    for (const blob of blobs.slice(0, 16)) expect((await sendTx(blob, 'ASK')).status).toBe(201)
    const last = await sendTx(blobs[16], 'ASK')
    expect(last.status).toBe(429)
    // The same group again is still answered with its operation (idempotence beats the bound).
    expect((await sendTx(blobs[0], 'ASK')).status).toBe(200)
  })

  it('refuses a group calling an app id beyond bigint range as not ours (400, not 500)', async () => {
    const before = (await operations(env.database, guid)).length
    for (const appId of [2n ** 63n, 2n ** 64n - 1n]) {
      const g = buildChangeAsk({
        seller: staff.address,
        market: { ...market, appId },
        price: 5n,
        params: await params(),
      })
      const answer = await sendTx(blobOf(env.h.sign(g, staff)), 'ASK')
      expect(answer.status).toBe(400)
      expect(answer.body.blob).toEqual(['The group does not call a Unica contract.'])
    }
    expect((await operations(env.database, guid)).length).toBe(before)
  })

  it('stores a declared ask of 2^64 - 1 with its exact value', async () => {
    const seller = await env.h.account()
    const max = 2n ** 64n - 1n
    const g = buildChangeAsk({ seller: seller.address, market, price: max, params: await params() })
    const answer = await sendTx(blobOf(env.h.sign(g, seller)), 'ASK')
    expect(answer.status).toBe(201)
    const rows = (await operations(env.database, guid)).filter((o) => o.tx_id === g.txns[0].txID())
    expect(rows.map((o) => [o.op_type, o.value, o.status])).toEqual([
      ['ASK', max.toString(), 'pending'],
    ])
  })

  it('answers 404 for unknown or malformed operation ids', async () => {
    for (const id of ['999999999', 'abc', '0', '-1', '1e3', '99999999999999999999999']) {
      const res = await env.server.get(`/api/operations/${id}`)
      expect(res.statusCode).toBe(404)
    }
  })
})
