/**
 * The follower's publish step on the devnet: a trade sent around the backend reaches a connected
 * GET /api/events stream as an `operation` and an `asset` event once its round commits; a follower
 * killed at any statement of that round stores and announces nothing, and the one that resumes
 * publishes the round's events exactly once.
 */
import { buildListAsk, type Market } from '@unica/contracts'
import type { LiveOperationEvent } from '@unica/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Follower } from '../../src/worker/follower.js'
import { openSse } from '../sse.js'
import type { Account } from './chain.js'
import { crashAfter, withCauses } from './crash.js'
import { registerMarket, workerEnv, type WorkerEnv } from './env.js'

let env: WorkerEnv
let url: string

beforeAll(async () => {
  env = await workerEnv()
  url = await env.server.app.listen({ host: '127.0.0.1', port: 0 })
}, 120_000)

afterAll(async () => {
  await env.stop()
})

async function eventsFor(guid: string): Promise<{ kind: string; data: string }[]> {
  return env.database.query<{ kind: string; data: string }>(
    `SELECT kind, data FROM live_events WHERE data LIKE $1 ORDER BY id`,
    [`%"guid":"${guid}"%`],
  )
}

/** A configured market, registered, with a follower caught up to the chain. */
async function followedMarket() {
  const seller = await env.h.account()
  const market = await env.h.market(seller)
  const guid = await registerMarket(env.database, seller, market)
  const follower = new Follower(env.database, env.h.algod)
  await follower.catchUp()
  return { seller, market, guid, follower }
}

async function listAt(seller: Account, market: Market, price: bigint): Promise<void> {
  await env.h.send(
    buildListAsk({ seller: seller.address, market, price, params: await env.h.params() }),
    seller,
  )
}

describe('the follower’s live events', () => {
  it('streams a trade’s operation and asset change once its round commits', async () => {
    const { seller, market, guid, follower } = await followedMarket()
    const stream = await openSse(`${url}/api/events`)
    await stream.waitFor((f) => f.event === 'ready')
    await listAt(seller, market, 42n)
    await follower.catchUp()
    const op = await stream.waitFor((f) => f.event === 'operation' && f.data.includes(guid))
    expect(JSON.parse(op.data)).toMatchObject({
      guid,
      op_type: 'ASK',
      value: '42',
      sender: seller.address,
      // An ask has no other party; a sale's would be here (the web refreshes My bids for it).
      counterparty: null,
    } satisfies Partial<LiveOperationEvent>)
    await stream.waitFor((f) => f.event === 'asset' && f.data === JSON.stringify({ guid }))
    stream.close()
  })

  it('publishes a round exactly once when the follower dies inside it and resumes', async () => {
    const { seller, market, guid, follower } = await followedMarket()
    const before = (await eventsFor(guid)).length
    await listAt(seller, market, 7n)
    // Die before each statement of the round, publish step included, until one lives through.
    let kills = 0
    for (;;) {
      const dying = new Follower(crashAfter(env.database, kills), env.h.algod)
      const outcome = await withCauses(dying.step()).catch((e: unknown) => e)
      if (!(outcome instanceof Error)) break
      expect(outcome.message).toMatch(/killed/)
      expect(await eventsFor(guid)).toHaveLength(before)
      kills++
    }
    // The six statements of applying the round, then the publish step's, then the cursor.
    expect(kills).toBeGreaterThanOrEqual(10)
    expect(await follower.catchUp()).toBe(0)
    // Replaying finds nothing more to apply.
    expect(await new Follower(env.database, env.h.algod).catchUp()).toBe(0)
    expect((await eventsFor(guid)).slice(before).map((e) => e.kind)).toEqual(['operation', 'asset'])
  })
})
