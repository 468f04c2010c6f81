/**
 * The sender killed at each step resumes without losing or duplicating an operation: after the
 * claim (before submitting), after submitting (before recording), while algod is unreachable;
 * and a group that expired unsent is failed only once the follower has passed its last round.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildBid, buildChangeAsk, buildListAsk, type Market } from '@unica/contracts'
import { Follower } from '../../src/worker/follower.js'
import { Sender } from '../../src/worker/sender.js'
import { blobOf, type Account } from './chain.js'
import { operations, registerMarket, workerEnv, type WorkerEnv } from './env.js'

let env: WorkerEnv
let staff: Account
let market: Market
let guid: string

beforeAll(async () => {
  env = await workerEnv()
  staff = await env.h.account()
  market = await env.h.market(staff)
  guid = await registerMarket(env.database, staff, market)
  await env.h.send(
    buildListAsk({ seller: staff.address, market, price: 1000n, params: await env.h.params() }),
    staff,
  )
})

afterAll(async () => {
  await env.stop()
})

let nextPrice = 1n

/** Stores a fresh ask change through send_tx; returns its operation id and app-call tx id. */
async function queued(
  change: (p: algosdk.SuggestedParams) => algosdk.SuggestedParams = (p) => p,
): Promise<{ id: string; txId: string }> {
  const g = buildChangeAsk({
    seller: staff.address,
    market,
    price: nextPrice++,
    params: change(await env.h.params()),
  })
  const res = await env.server.post('/api/operations/send_tx/', {
    blob: blobOf(env.h.sign(g, staff)),
    operation: 'ASK',
  })
  expect(res.statusCode).toBe(201)
  return { id: res.json<{ operation_id: string }>().operation_id, txId: g.txns[0].txID() }
}

async function row(id: string): Promise<Record<string, unknown>> {
  const rows = await env.database.query<Record<string, unknown>>(
    `SELECT status, attempts, failure_reason, round::text, signed_group IS NOT NULL AS has_group
       FROM operations WHERE id = $1`,
    [id],
  )
  return rows[0]
}

/** A sender that takes abandoned claims at once (the dead process's lease is over). */
const restarted = (): Sender => new Sender(env.database, env.h.algod, { leaseMs: 0 })

describe('sender crash and resume', () => {
  it('resumes a row claimed by a sender that died before submitting', async () => {
    const { id } = await queued()
    const dead = new Sender(env.database, env.h.algod)
    expect(await dead.claim()).toHaveLength(1)
    expect(await row(id)).toMatchObject({ status: 'submitted', attempts: 1 })
    // The live sender does not steal a fresh claim...
    expect(await new Sender(env.database, env.h.algod).step()).toEqual([])
    // ...but takes it once the lease is over.
    expect(await restarted().step()).toEqual(['executed'])
    expect(await row(id)).toMatchObject({ status: 'executed', attempts: 2, has_group: false })
  })

  it('records as executed a group that reached the chain before the sender died', async () => {
    const { id, txId } = await queued()
    const dead = new Sender(env.database, env.h.algod)
    const [claimed] = await dead.claim()
    // It submitted, the chain committed, and the process died before writing anything.
    await env.h.algod.sendRawTransaction(new Uint8Array(claimed.signedGroup)).do()
    expect(await restarted().step()).toEqual(['executed'])
    const r = await row(id)
    expect(r.status).toBe('executed')
    expect(r.round).not.toBeNull()
    const history = (await operations(env.database, guid)).filter((o) => o.tx_id === txId)
    expect(history).toHaveLength(1)
  })

  it('retries while algod is unreachable, then sends', async () => {
    const { id } = await queued()
    const nowhere = new algosdk.Algodv2(env.h.devnet.token, 'http://127.0.0.1', 1)
    expect(await new Sender(env.database, nowhere).step()).toEqual(['retry'])
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1 })
    // The retry waits a second per attempt so far.
    expect(await new Sender(env.database, env.h.algod).step()).toEqual([])
    await env.database.query(
      "UPDATE operations SET updated_at = now() - interval '1 minute' WHERE id = $1",
      [id],
    )
    expect(await new Sender(env.database, env.h.algod).step()).toEqual(['executed'])
    expect(await row(id)).toMatchObject({ status: 'executed', failure_reason: null })
  })

  it('fails an expired group only after the follower passed its last valid round', async () => {
    const follower = new Follower(env.database, env.h.algod)
    await follower.catchUp()
    const { id } = await queued((p) => ({ ...p, lastValid: BigInt(p.firstValid) + 2n }))
    // Three rounds pass before the sender gets to it (another account's activity).
    await env.h.account()
    expect(await new Sender(env.database, env.h.algod).step()).toEqual(['waiting'])
    expect(await row(id)).toMatchObject({ status: 'submitted' })
    await follower.catchUp()
    expect(await restarted().step()).toEqual(['failed'])
    const r = await row(id)
    expect(r.status).toBe('failed')
    expect(r.failure_reason).toMatch(/expired/)
  })

  it('never lets two senders claim the same row', async () => {
    const ids = new Set<string>()
    for (let i = 0; i < 6; i++) ids.add((await queued()).id)
    const senders = [0, 1, 2].map(() => new Sender(env.database, env.h.algod, { batch: 3 }))
    const claims = await Promise.all(senders.map((x) => x.claim()))
    const claimed = claims.flat().map((c) => c.id.toString())
    expect(new Set(claimed).size).toBe(claimed.length)
    expect(new Set(claimed)).toEqual(ids)
    // Release them for the restarted sender, as an expired lease would.
    expect(await restarted().step()).toEqual(Array(6).fill('executed'))
  })

  it('reports the chain refusal of a bid with algod reason', async () => {
    const bidder = await env.h.account()
    // Not opted in to the app: the manager refuses the bid.
    const g = buildBid({
      bidder: bidder.address,
      market,
      currentBid: 0n,
      newBid: 10n,
      params: await env.h.params(),
    })
    const res = await env.server.post('/api/operations/send_tx/', {
      blob: blobOf(env.h.sign(g, bidder)),
      operation: 'BID',
    })
    const id = res.json<{ operation_id: string }>().operation_id
    expect(await new Sender(env.database, env.h.algod).step()).toEqual(['failed'])
    const status = await env.server.get(`/api/operations/${id}`)
    expect(status.json()).toMatchObject({ is_pending: false, is_executed: false })
    expect(status.json<{ failure_reason: string }>().failure_reason).toMatch(
      /logic eval error|not opted in/,
    )
  })
})
