/**
 * The worker as the server runs it (startWorker): a client that polls its operation until it is no
 * longer pending, then reloads the asset, sees the trade's effect at once, because the operation
 * turns executed in the follower's transaction together with the asset's new state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildBid, buildListAsk, type Market, type UnsignedGroup } from '@unica/contracts'
import { startWorker, type Worker } from '../../src/worker/index.js'
import { blobOf, type Account } from './chain.js'
import { assetRow, registerMarket, workerEnv, type WorkerEnv } from './env.js'

let env: WorkerEnv
let worker: Worker

beforeAll(async () => {
  env = await workerEnv()
  worker = startWorker({ database: env.database, algod: env.h.algod, followerStartRound: 1n })
})

afterAll(async () => {
  await worker.stop()
  await env.stop()
})

/** Polls GET /api/operations/{id} as the web app does, until it is no longer pending. */
async function settle(id: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const answer = (await env.server.get(`/api/operations/${id}`)).json<Record<string, unknown>>()
    if (answer.is_pending === false || Date.now() > deadline) return answer
    await new Promise((r) => setTimeout(r, 50))
  }
}

async function send(g: UnsignedGroup, operation: string, key: Account): Promise<string> {
  const res = await env.server.post('/api/operations/send_tx/', {
    blob: blobOf(env.h.sign(g, key)),
    operation,
  })
  expect(res.statusCode).toBe(201)
  worker.wake()
  return res.json<{ operation_id: string }>().operation_id
}

describe('the in-process worker', () => {
  let staff: Account
  let bidder: Account
  let market: Market
  let guid: string

  beforeAll(async () => {
    staff = await env.h.account()
    bidder = await env.h.account()
    market = await env.h.market(staff)
    guid = await registerMarket(env.database, staff, market)
    await env.h.optIn(bidder, market)
  })

  it('settles an operation only with its effect visible', async () => {
    const list = buildListAsk({
      seller: staff.address,
      market,
      price: 77n,
      params: await env.h.params(),
    })
    expect(await settle(await send(list, 'ASK', staff))).toMatchObject({ is_executed: true })
    expect((await assetRow(env.database, guid)).price).toBe('77')

    const bid = buildBid({
      bidder: bidder.address,
      market,
      currentBid: 0n,
      newBid: 33n,
      params: await env.h.params(),
    })
    expect(await settle(await send(bid, 'BID', bidder))).toMatchObject({ is_executed: true })
    expect(await assetRow(env.database, guid)).toMatchObject({
      highest_bid_value: '33',
      highest_bid_sender: bidder.address,
    })
  })
})
