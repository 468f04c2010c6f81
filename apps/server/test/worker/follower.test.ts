/**
 * The chain follower on the devnet: trades sent around the backend land in the history; each
 * asset's price, owner, holding address and highest bid equal what the chain holds (global A and O,
 * the bid boxes); deployments and configurations are picked up without submit_contract or
 * submit_configuration; a crash inside a round leaves nothing half-applied and the resumed
 * follower reaches the same state; two followers never apply a round twice.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildBid,
  buildBuyNow,
  buildChangeAsk,
  buildConfigure,
  buildListAsk,
  type Market,
} from '@unica/contracts'
import type { Database } from '../../src/db/index.js'
import { CURSOR_NAME, Follower } from '../../src/worker/follower.js'
import { signWith, type Account } from './chain.js'
import { crashAfter, withCauses } from './crash.js'
import {
  assetRow,
  operations,
  registerAsset,
  registerMarket,
  workerEnv,
  type WorkerEnv,
} from './env.js'

let env: WorkerEnv

beforeAll(async () => {
  env = await workerEnv()
})

afterAll(async () => {
  await env.stop()
})

const params = (): Promise<algosdk.SuggestedParams> => env.h.params()

/** What the chain says about a market: the row the follower must have written. */
async function chainTruth(market: Market): Promise<Record<string, string | null>> {
  const state = await env.h.state(market)
  const boxes = [...(await env.h.bidBoxes(market))].sort((a, b) =>
    a[1] === b[1] ? 0 : a[1] > b[1] ? -1 : 1,
  )
  const top = boxes.at(0)
  return {
    price: state.ask === 0n ? null : state.ask.toString(),
    highest_bid_value: top === undefined ? null : top[1].toString(),
    highest_bid_sender: top === undefined ? null : top[0],
  }
}

async function cursor(database: Database): Promise<bigint> {
  const rows = await database.query<{ round: string }>(
    'SELECT round::text AS round FROM chain_cursor WHERE name = $1',
    [CURSOR_NAME],
  )
  return BigInt(rows[0].round)
}

describe('the follower', () => {
  let staff: Account
  let alice: Account
  let bob: Account
  let market: Market
  let guid: string
  let follower: Follower

  beforeAll(async () => {
    staff = await env.h.account()
    alice = await env.h.account()
    bob = await env.h.account()
    market = await env.h.market(staff)
    guid = await registerMarket(env.database, staff, market)
    await env.h.optIn(alice, market)
    await env.h.optIn(bob, market)
    follower = new Follower(env.database, env.h.algod, { startRound: 1n })
  })

  it('records trades sent around the backend and keeps the asset true to the chain', async () => {
    const escrow = env.h.escrow(market)
    await env.h.send(
      buildListAsk({ seller: staff.address, market, price: 300n, params: await params() }),
      staff,
    )
    await env.h.send(
      buildBid({
        bidder: alice.address,
        market,
        currentBid: 0n,
        newBid: 100n,
        params: await params(),
      }),
      alice,
    )
    await env.h.send(
      buildBid({
        bidder: bob.address,
        market,
        currentBid: 0n,
        newBid: 150n,
        params: await params(),
      }),
      bob,
    )
    // Bob lowers below alice: alice's bid is now the highest.
    await env.h.send(
      buildBid({
        bidder: bob.address,
        market,
        currentBid: 150n,
        newBid: 50n,
        params: await params(),
      }),
      bob,
    )
    await follower.catchUp()
    expect(await assetRow(env.database, guid)).toMatchObject({
      ...(await chainTruth(market)),
      owner_address: staff.address,
      holding_address: escrow,
    })
    expect(await assetRow(env.database, guid)).toMatchObject({
      price: '300',
      highest_bid_value: '100',
      highest_bid_sender: alice.address,
    })

    // Alice clears her local state: her bid stays in its box, so it stays the highest.
    const clear = algosdk.makeApplicationClearStateTxnFromObject({
      sender: alice.address,
      appIndex: market.appId,
      suggestedParams: await params(),
    })
    await env.h.sendSigned([signWith(alice, clear)])
    await env.h.send(
      buildChangeAsk({ seller: staff.address, market, price: 250n, params: await params() }),
      staff,
    )
    // Bob buys now: the NFT and the ask move; bob's bid is spent.
    await env.h.send(
      buildBuyNow({
        buyer: bob.address,
        market,
        price: 250n,
        owner: staff.address,
        currentBid: 50n,
        params: await params(),
      }),
      bob,
    )
    await follower.catchUp()
    expect(await assetRow(env.database, guid)).toMatchObject({
      ...(await chainTruth(market)),
      price: null,
      owner_address: bob.address,
      holding_address: bob.address,
      highest_bid_value: '100',
      highest_bid_sender: alice.address,
    })
    const history = await operations(env.database, guid)
    expect(history.map((o) => [o.op_type, o.value, o.sender])).toEqual([
      ['CONFIGURE', '0', staff.address],
      ['OPT_IN', '0', alice.address],
      ['OPT_IN', '0', bob.address],
      ['ASK', '300', staff.address],
      ['BID', '100', alice.address],
      ['BID', '150', bob.address],
      ['BID', '50', bob.address],
      ['CLEAR', '0', alice.address],
      ['ASK', '250', staff.address],
      ['BUY_NOW', '250', bob.address],
    ])
    expect(history.every((o) => o.status === 'executed' && o.round !== null)).toBe(true)
    // The buy now names the owner it paid (read from its inner transactions); nothing else has one.
    expect(history.map((o) => o.counterparty)).toEqual([
      ...Array<null>(9).fill(null),
      staff.address,
    ])
    // The feed's types: the first ask lists, the second (the piece listed) changes the price.
    const types = await env.database.query<{ activity_type: string | null }>(
      'SELECT activity_type FROM operations WHERE asset_guid = $1 ORDER BY id',
      [guid],
    )
    expect(types.map((t) => t.activity_type)).toEqual([
      null,
      null,
      null,
      'listing',
      'bid',
      'bid',
      'bid',
      null,
      'price_change',
      'sale',
    ])
    // Replaying is impossible: the cursor is past these rounds; a second follower finds nothing.
    const again = new Follower(env.database, env.h.algod)
    expect(await again.catchUp()).toBe(0)
    expect(await operations(env.database, guid)).toHaveLength(history.length)
  })

  it('binds a deployment and its configuration without the submit calls', async () => {
    const creator = await env.h.account()
    const nftId = await env.h.createNft(creator)
    const pending = await registerAsset(env.database, creator, nftId)
    const appId = await env.h.deploy(creator, nftId)
    await follower.catchUp()
    expect(await assetRow(env.database, pending)).toMatchObject({
      status: 'DC',
      application_id: appId.toString(),
      escrow_address: algosdk.getApplicationAddress(appId).toString(),
    })
    // A second manager for the same NFT (the creator can deploy one): the first stays bound.
    await env.h.deploy(creator, nftId)
    const market2 = { appId, nftId, usdcId: env.h.usdcId }
    await env.h.send(
      // The harness deploys v1: configure it as v1 (the default is the current version).
      buildConfigure({ creator: creator.address, ...market2, version: 1, params: await params() }),
      creator,
    )
    await follower.catchUp()
    expect(await assetRow(env.database, pending)).toMatchObject({
      status: 'RD',
      application_id: appId.toString(),
      owner_address: creator.address,
      holding_address: creator.address,
    })
  })

  it('leaves nothing half-applied when it dies inside a round, and resumes to the same state', async () => {
    const seller = await env.h.account()
    const m = await env.h.market(seller)
    const g = await registerMarket(env.database, seller, m)
    await follower.catchUp()
    await env.h.send(
      buildListAsk({ seller: seller.address, market: m, price: 42n, params: await params() }),
      seller,
    )
    const before = await cursor(env.database)
    const beforeOps = (await operations(env.database, g)).length
    // The round takes six statements (lock, cursor, assets, history, asset, cursor): die before each.
    for (let kill = 0; kill < 6; kill++) {
      const dying = new Follower(crashAfter(env.database, kill), env.h.algod)
      await expect(withCauses(dying.step())).rejects.toThrow(/killed/)
      expect(await cursor(env.database)).toBe(before)
      expect(await operations(env.database, g)).toHaveLength(beforeOps)
      expect((await assetRow(env.database, g)).price).toBeNull()
    }
    expect(await follower.catchUp()).toBe(1)
    expect(await cursor(env.database)).toBe(before + 1n)
    expect(await assetRow(env.database, g)).toMatchObject({
      price: '42',
      owner_address: seller.address,
    })
    expect((await operations(env.database, g)).map((o) => o.op_type)).toEqual(['CONFIGURE', 'ASK'])
  })

  it('applies each round once when two followers race', async () => {
    const seller = await env.h.account()
    const m = await env.h.market(seller)
    const g = await registerMarket(env.database, seller, m)
    for (const price of [1n, 2n, 3n]) {
      const build = price === 1n ? buildListAsk : buildChangeAsk
      await env.h.send(
        build({ seller: seller.address, market: m, price, params: await params() }),
        seller,
      )
    }
    const a = new Follower(env.database, env.h.algod)
    const b = new Follower(env.database, env.h.algod)
    const [na, nb] = await Promise.all([a.catchUp(), b.catchUp()])
    expect(na + nb).toBeGreaterThan(0)
    expect(await cursor(env.database)).toBe((await env.h.algod.status().do()).lastRound)
    const asks = (await operations(env.database, g)).filter((o) => o.op_type === 'ASK')
    expect(asks.map((o) => o.value)).toEqual(['1', '2', '3'])
    expect((await assetRow(env.database, g)).price).toBe('3')
  })

  it('passes a foreign app creation whose args[1] is 2^64 - 1 (it names no NFT of ours)', async () => {
    const mallory = await env.h.account()
    // `#pragma version 8; int 1`: any program, only its creation args look like a deployment.
    const program = new Uint8Array([0x08, 0x81, 0x01])
    const create = algosdk.makeApplicationCreateTxnFromObject({
      sender: mallory.address,
      approvalProgram: program,
      clearProgram: program,
      numGlobalByteSlices: 0,
      numGlobalInts: 0,
      numLocalByteSlices: 0,
      numLocalInts: 0,
      onComplete: algosdk.OnApplicationComplete.NoOpOC,
      appArgs: [new Uint8Array([0]), algosdk.encodeUint64(2n ** 64n - 1n)],
      suggestedParams: await params(),
    })
    const round = await env.h.sendSigned([signWith(mallory, create)])
    await follower.catchUp()
    expect(await cursor(env.database)).toBeGreaterThanOrEqual(round)
    expect(await cursor(env.database)).toBe((await env.h.algod.status().do()).lastRound)
  })

  it('records an ask of 2^64 - 1 (uint64 max: the manager sets no upper bound)', async () => {
    const seller = await env.h.account()
    const m = await env.h.market(seller)
    const g = await registerMarket(env.database, seller, m)
    const max = 2n ** 64n - 1n
    await env.h.send(
      buildListAsk({ seller: seller.address, market: m, price: max, params: await params() }),
      seller,
    )
    expect((await env.h.state(m)).ask).toBe(max)
    await follower.catchUp()
    expect(await cursor(env.database)).toBe((await env.h.algod.status().do()).lastRound)
    expect((await assetRow(env.database, g)).price).toBe(max.toString())
    const asks = (await operations(env.database, g)).filter((o) => o.op_type === 'ASK')
    expect(asks.map((o) => o.value)).toEqual([max.toString()])
    const res = await env.server.get(`/api/assets/?application_id__in=${m.appId}`)
    expect(res.statusCode).toBe(200)
    expect(res.json<{ results: { price: string | null }[] }>().results).toEqual([
      expect.objectContaining({ price: '18446744073709551615' }),
    ])
    const above = await env.server.get(
      `/api/assets/?application_id__in=${m.appId}&price__gt=${2n ** 63n}`,
    )
    expect(above.json<{ count: number }>().count).toBe(1)
  })
})
