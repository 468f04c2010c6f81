/**
 * GET /api/assets/ and /api/assets/{guid}/ with auctions (manager v3, migration 0011): the asset's
 * `auction` object (minimum next bid, status from the chain's latest block time), the filter
 * `market=auction` and the sort `ordering`/`order_by=ending_soon`, and bad values (400). Rows are
 * stored as the follower leaves them; test/worker/auction.test.ts drives the same through the
 * chain.
 */
import algosdk from 'algosdk'
import type { Asset } from '@unica/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assets, chainCursor, operations } from '../src/db/index.js'
import { startTestServer, type TestServer } from './app.js'

let server: TestServer
const addr = (): string => algosdk.generateAccount().addr.toString()
const creator = addr()
const seller = addr()
const bidder = addr()
const guid = (n: number): string => n.toString(16).padStart(32, '0')
const at = (iso: string): Date => new Date(iso)
const USDC = 1_000_000n

beforeAll(async () => {
  server = await startTestServer()
  const { db } = server.database
  const base = (n: number) => ({
    guid: guid(n),
    assetId: BigInt(1000 + n),
    applicationId: BigInt(2000 + n),
    contractVersion: 3,
    status: 'RD' as const,
    name: `Piece ${String(n)}`,
    unitName: `P${String(n)}`,
    creatorAddress: creator,
    ownerAddress: seller,
    createdAt: new Date(Date.UTC(2026, 0, n)),
  })
  const auction = {
    auctionReserve: 10n * USDC,
    auctionDuration: 86_400,
    auctionRaiseBp: 500,
    auctionRaiseMin: USDC,
  }
  await db.insert(assets).values([
    // 1: no bid yet (no end): the minimum next bid is the reserve.
    { ...base(1), ...auction },
    // 2: a bid, ends after the chain's now; 5% of 100 USDC beats the 1 USDC minimum.
    {
      ...base(2),
      ...auction,
      auctionEnd: at('2026-03-01T12:00:00Z'),
      auctionBid: 100n * USDC,
      auctionBidder: bidder,
    },
    // 3: a bid, ended at the chain's now (settle allowed); 1 USDC beats 5% of 11 USDC.
    {
      ...base(3),
      ...auction,
      auctionEnd: at('2026-02-01T00:00:00Z'),
      auctionBid: 11n * USDC,
      auctionBidder: bidder,
    },
    // 4: no auction, listed.
    { ...base(4), price: 5n * USDC },
    // 5: a bid at 2^64 - 1: no bid can beat it.
    {
      ...base(5),
      ...auction,
      auctionEnd: at('2026-02-15T00:00:00Z'),
      auctionBid: 2n ** 64n - 1n,
      auctionBidder: bidder,
    },
  ])
  await db.insert(chainCursor).values({
    name: 'follower',
    round: 10n,
    blockTime: at('2026-02-01T00:00:00Z'),
  })
})

afterAll(async () => {
  await server.close()
})

const page = async (query: string): Promise<Asset[]> => {
  const response = await server.get(`/api/assets/${query}`)
  expect(response.statusCode, query).toBe(200)
  return response.json<{ results: Asset[] }>().results
}

describe('an asset with an auction', () => {
  it('shows the auction as the chain holds it, its minimum next bid and status', async () => {
    const one = await server.get(`/api/assets/${guid(1)}/`)
    expect(one.json<Asset>().auction).toEqual({
      reserve: '10000000',
      duration: 86400,
      raise_bp: 500,
      raise_min: '1000000',
      end: null,
      highest_bid: null,
      highest_bidder: null,
      min_next_bid: '10000000',
      status: 'running',
    })
    const two = (await server.get(`/api/assets/${guid(2)}/`)).json<Asset>().auction
    expect(two).toMatchObject({
      end: '2026-03-01T12:00:00.000Z',
      highest_bid: '100000000',
      highest_bidder: bidder,
      min_next_bid: '105000000',
      status: 'running',
    })
    const three = (await server.get(`/api/assets/${guid(3)}/`)).json<Asset>().auction
    expect(three).toMatchObject({ min_next_bid: '12000000', status: 'ended' })
    const five = (await server.get(`/api/assets/${guid(5)}/`)).json<Asset>().auction
    expect(BigInt(five?.min_next_bid ?? 0)).toBeGreaterThan(2n ** 64n - 1n)
    expect((await server.get(`/api/assets/${guid(4)}/`)).json<Asset>().auction).toBeNull()
  })

  it("says ended from the chain's latest block time, not the server's clock", async () => {
    const { db } = server.database
    await db.update(chainCursor).set({ blockTime: at('2026-03-01T12:00:00Z') })
    try {
      const two = (await server.get(`/api/assets/${guid(2)}/`)).json<Asset>().auction
      expect(two?.status).toBe('ended')
    } finally {
      await db.update(chainCursor).set({ blockTime: at('2026-02-01T00:00:00Z') })
    }
    const two = (await server.get(`/api/assets/${guid(2)}/`)).json<Asset>().auction
    expect(two?.status).toBe('running')
  })
})

describe('the list', () => {
  it('filters auctions (market=auction) and sorts them ending soon, bidless ones after', async () => {
    const names = (list: Asset[]) => list.map((a) => a.name)
    expect(names(await page('?market=auction&ordering=ending_soon'))).toEqual([
      'Piece 3',
      'Piece 5',
      'Piece 2',
      'Piece 1',
    ])
    expect(names(await page('?market=auction&order_by=ending_soon'))).toEqual([
      'Piece 3',
      'Piece 5',
      'Piece 2',
      'Piece 1',
    ])
    // Without the filter, pieces without an auction come last.
    expect(names(await page('?order_by=ending_soon'))).toEqual([
      'Piece 3',
      'Piece 5',
      'Piece 2',
      'Piece 1',
      'Piece 4',
    ])
    expect(names(await page('?ordering=ending_soon&order_by=ending_soon&limit=1'))).toEqual([
      'Piece 3',
    ])
    // order_by takes every ordering.
    expect(names(await page('?order_by=created_at&limit=2'))).toEqual(['Piece 1', 'Piece 2'])
    const count = await server.get('/api/assets/?market=auction')
    expect(count.json<{ count: number }>().count).toBe(4)
  })

  it('refuses bad values with a 400 on the field', async () => {
    const cases: [string, string][] = [
      ['?market=auctions', 'market'],
      ['?ordering=ending', 'ordering'],
      ['?order_by=soon', 'order_by'],
      ['?order_by=-ending_soon', 'order_by'],
      ['?ordering=price&order_by=ending_soon', 'order_by'],
    ]
    for (const [query, field] of cases) {
      const response = await server.get(`/api/assets/${query}`)
      expect(response.statusCode, query).toBe(400)
      const body = response.json<Record<string, unknown>>()
      expect(body[field], query).toBeInstanceOf(Array)
    }
  })

  it('lists the auctions an account leads (auction_bidder), and refuses a bad address', async () => {
    const names = (list: Asset[]) => list.map((a) => a.name)
    expect(names(await page(`?auction_bidder=${bidder}&ordering=-created_at`))).toEqual([
      'Piece 5',
      'Piece 3',
      'Piece 2',
    ])
    expect(await page(`?auction_bidder=${seller}`)).toEqual([])
    const bad = await server.get('/api/assets/?auction_bidder=NOT-AN-ADDRESS')
    expect(bad.statusCode).toBe(400)
    expect(bad.json<Record<string, unknown>>().auction_bidder).toBeInstanceOf(Array)
  })

  it('searches auctions too', async () => {
    const response = await server.get('/api/search/?q=piece&market=auction&ordering=ending_soon')
    expect(response.statusCode).toBe(200)
    expect(response.json<{ results: Asset[] }>().results.map((a) => a.name)).toEqual([
      'Piece 3',
      'Piece 5',
      'Piece 2',
      'Piece 1',
    ])
  })
})

describe("a collector's page", () => {
  it('shows the auctions it leads among its bids, the latest bid first', async () => {
    // The bids that made it the leader, as the follower records them (none for piece 5).
    await server.database.db.insert(operations).values(
      [
        { n: 2, round: 9n },
        { n: 3, round: 7n },
      ].map(({ n, round }) => ({
        assetGuid: guid(n),
        applicationId: BigInt(2000 + n),
        opType: 'AUCTION_BID',
        value: 1n,
        sender: bidder,
        status: 'executed' as const,
        round,
      })),
    )
    const response = await server.get(`/api/accounts/${bidder}/`)
    expect(response.statusCode).toBe(200)
    const { bids } = response.json<{ bids: { asset: Asset; amount: string; round: string }[] }>()
    expect(bids.map((b) => [b.asset.name, b.amount, b.round])).toEqual([
      ['Piece 2', '100000000', '9'],
      ['Piece 3', '11000000', '7'],
      ['Piece 5', (2n ** 64n - 1n).toString(), '0'],
    ])
    const sellerPage = await server.get(`/api/accounts/${seller}/`)
    expect(sellerPage.json<{ bids: unknown[] }>().bids).toEqual([])
  })
})
