/**
 * The follower on v2 managers (docs/product.md §3): it stores the split a configure call set, reads
 * each sale's royalty from the inner transactions (cuts paid plus held), records a recipient's
 * CLAIM, and the API shows all of it (history `royalty`, creator `royalties_earned`). A v1 sale
 * has no royalty (null).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildBuyNow, buildClaim, buildListAsk, type Market } from '@unica/contracts'
import { Follower } from '../../src/worker/follower.js'
import type { Account } from './chain.js'
import * as world from './env.js'

const { registerMarket, workerEnv } = world

let env: world.WorkerEnv
let follower: Follower

beforeAll(async () => {
  env = await workerEnv()
  follower = new Follower(env.database, env.h.algod, { startRound: 1n })
})

afterAll(async () => {
  await env.stop()
})

const params = () => env.h.params()

/** A market registered at its version, as submit_contract would have stored it. */
async function registered(creator: Account, market: Market): Promise<string> {
  const guid = await registerMarket(env.database, creator, market)
  await env.database.query('UPDATE assets SET contract_version = $2 WHERE guid = $1', [
    guid,
    market.version ?? 1,
  ])
  return guid
}

async function sell(market: Market, seller: Account, buyer: Account, price: bigint) {
  await env.h.send(
    buildListAsk({ seller: seller.address, market, price, params: await params() }),
    seller,
  )
  await env.h.optIn(buyer, market, { app: false })
  await env.h.send(
    buildBuyNow({
      buyer: buyer.address,
      market,
      price,
      owner: seller.address,
      currentBid: 0n,
      params: await params(),
    }),
    buyer,
  )
}

interface HistoryRow {
  op_type: string
  value: string
  sender: string
  royalty?: string | null
}

async function history(guid: string): Promise<HistoryRow[]> {
  const page = await env.server.get(`/api/operations/?asset__guid=${guid}&limit=100`)
  return page.json<{ results: HistoryRow[] }>().results.reverse()
}

describe('the follower on a v2 manager', () => {
  it('stores the split, each sale royalty (paid and held), and claims', async () => {
    const creator = await env.h.account()
    const collaborator = await env.h.accountWithoutUsdc()
    const [collector, buyer] = [await env.h.account(), await env.h.account()]
    const split = [
      { address: creator.address, share: 500 },
      { address: collaborator.address, share: 300 },
    ]
    const market = await env.h.market(creator, {
      version: 2,
      royalty: { recipients: split.map((r) => ({ address: r.address, share: BigInt(r.share) })) },
    })
    const guid = await registered(creator, market)
    // The creator's first sale pays no royalty; the collector's resale pays 8% of 2001: the
    // creator's 100 (floor 100.05) and the collaborator's 60 (floor 60.03), held for the
    // collaborator, who cannot receive USDC yet.
    await sell(market, creator, collector, 1_000n)
    await sell(market, collector, buyer, 2_001n)
    await env.h.kit.optIn(collaborator)
    await env.h.send(
      buildClaim({ recipient: collaborator.address, market, amount: 60n, params: await params() }),
      collaborator,
    )
    await follower.catchUp()

    const asset = await env.server.get(`/api/assets/${guid}/`)
    expect(asset.json()).toMatchObject({
      contract_version: 2,
      royalty: { basis_points: 800, recipients: split },
      owner_address: buyer.address,
    })
    const sales = (await history(guid)).filter((o) => o.op_type !== 'OPT_IN')
    expect(sales.map((o) => [o.op_type, o.value, o.sender, o.royalty])).toEqual([
      ['CONFIGURE', '0', creator.address, null],
      ['ASK', '1000', creator.address, null],
      ['BUY_NOW', '1000', collector.address, '0'],
      ['ASK', '2001', collector.address, null],
      ['BUY_NOW', '2001', buyer.address, '160'],
      ['CLAIM', '60', collaborator.address, null],
    ])
    const earned = async (a: Account) =>
      (await env.server.get(`/api/creators/${a.address}/`)).json<{ royalties_earned: string }>()
        .royalties_earned
    expect(await earned(creator)).toBe('100')
    expect(await earned(collaborator)).toBe('60')
    expect(await earned(buyer)).toBe('0')
    // Each recipient is told of its cut of the resale (paid or held), once; the creator's own
    // first sale paid no royalty and tells nobody.
    const told = await env.database.query<{ account: string; value: string }>(
      "SELECT account, value::text AS value FROM notifications WHERE kind = 'royalty_paid' ORDER BY value::numeric DESC",
    )
    expect(told).toEqual([
      { account: creator.address, value: '100' },
      { account: collaborator.address, value: '60' },
    ])
  })

  it('a v1 sale has no royalty', async () => {
    const [creator, buyer] = [await env.h.account(), await env.h.account()]
    const market = await env.h.market(creator)
    const guid = await registered(creator, market)
    await sell(market, creator, buyer, 500n)
    await follower.catchUp()
    expect((await env.server.get(`/api/assets/${guid}/`)).json()).toMatchObject({ royalty: null })
    const sale = (await history(guid)).find((o) => o.op_type === 'BUY_NOW')
    expect(sale).toMatchObject({ value: '500', royalty: null })
  })
})
