/** GET /api/assets/: every filter and ordering of docs/product.md §7, pagination, view-as. */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PG_BIGINT_MAX, assets, operations, users } from '../src/db/index.js'
import { startTestServer, type TestServer } from './app.js'

let server: TestServer
const addr = (): string => algosdk.generateAccount().addr.toString()
const staff = addr()
const creator2 = addr()
const owner = addr()
const bidder = addr()

interface Seed {
  n: number
  status: 'DA' | 'DC' | 'RD'
  price?: bigint
  bid?: bigint
  creator?: string
  owner?: string
}

const seeds: Seed[] = [
  { n: 1, status: 'RD', price: 5_000_000n, owner },
  { n: 2, status: 'RD', bid: 2_000_000n, owner },
  { n: 3, status: 'RD', price: 1n, bid: 9_000_000n, creator: creator2 },
  { n: 4, status: 'RD' },
  { n: 5, status: 'DA' },
  { n: 6, status: 'DC', creator: creator2 },
  { n: 7, status: 'RD', price: 2n ** 63n - 1n, bid: 1n },
]
const guid = (n: number): string => n.toString(16).padStart(32, '0')

beforeAll(async () => {
  server = await startTestServer()
  const { db } = server.database
  await db.insert(users).values([{ address: staff, isStaff: true }])
  await db.insert(assets).values(
    seeds.map((s) => ({
      guid: guid(s.n),
      assetId: BigInt(1000 + s.n),
      applicationId: s.status === 'DA' ? null : BigInt(2000 + s.n),
      status: s.status,
      name: `Piece ${s.n}`,
      unitName: `P${s.n}`,
      creatorAddress: s.creator ?? staff,
      ownerAddress: s.owner ?? null,
      price: s.price ?? null,
      highestBidValue: s.bid ?? null,
      highestBidSender: s.bid === undefined ? null : bidder,
      createdAt: new Date(Date.UTC(2026, 0, s.n)),
    })),
  )
  // Microseconds, which the API shows truncated to milliseconds (as JavaScript's Date would).
  await server.database.query(
    "UPDATE assets SET created_at = '2026-01-07 12:34:56.789999+00' WHERE guid = $1",
    [guid(7)],
  )
  await db.insert(operations).values([
    {
      assetGuid: guid(1),
      applicationId: 2001n,
      opType: 'ASK',
      value: 5n,
      sender: owner,
      txId: 'T1',
      status: 'executed',
      round: 10n,
    },
    {
      assetGuid: guid(1),
      applicationId: 2001n,
      opType: 'BID',
      value: 3n,
      sender: bidder,
      txId: 'T2',
      status: 'pending',
    },
    {
      assetGuid: guid(1),
      applicationId: 2001n,
      opType: 'BID',
      value: 4n,
      sender: bidder,
      txId: 'T3',
      status: 'failed',
    },
    {
      assetGuid: guid(2),
      applicationId: 2002n,
      opType: 'BUY_NOW',
      value: 9n,
      sender: bidder,
      txId: 'T4',
      status: 'executed',
      round: 11n,
    },
    {
      assetGuid: guid(1),
      applicationId: 2001n,
      opType: 'ASK',
      value: 0n,
      sender: owner,
      txId: 'T5',
      status: 'executed',
      round: 12n,
    },
  ])
})
afterAll(async () => {
  await server.close()
})

interface ListAnswer {
  count: number
  next: string | null
  previous: string | null
  results: { guid: string; price: string | null; highest_bid: unknown; status: string }[]
}

async function list(query: string, headers?: Record<string, string>): Promise<ListAnswer> {
  const response = await server.get(`/api/assets/${query}`, headers)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<ListAnswer>()
}
const ns = (a: ListAnswer): number[] => a.results.map((r) => parseInt(r.guid, 16))

describe('GET /api/assets/', () => {
  it('lists ready assets, newest first, by default', async () => {
    const answer = await list('')
    expect(ns(answer)).toEqual([7, 4, 3, 2, 1])
    expect(answer.count).toBe(5)
  })

  it('orders by created_at, -created_at and -highest_bid__value', async () => {
    expect(ns(await list('?ordering=created_at'))).toEqual([1, 2, 3, 4, 7])
    expect(ns(await list('?ordering=-created_at'))).toEqual([7, 4, 3, 2, 1])
    expect(ns(await list('?ordering=-highest_bid__value'))).toEqual([3, 2, 7, 4, 1])
  })

  it('filters by price__gt and highest_bid__value__gt (exact beyond 2^53)', async () => {
    expect(ns(await list('?price__gt=0'))).toEqual([7, 3, 1])
    expect(ns(await list('?price__gt=1'))).toEqual([7, 1])
    expect(ns(await list(`?price__gt=${2n ** 63n - 2n}`))).toEqual([7])
    expect(ns(await list('?highest_bid__value__gt=0&ordering=-highest_bid__value'))).toEqual([
      3, 2, 7,
    ])
    expect(ns(await list('?highest_bid__value__gt=2000000'))).toEqual([3])
  })

  it('filters by status, status__exclude, id lists, owner and creator', async () => {
    expect(ns(await list('?status=RD&ordering=created_at'))).toEqual([1, 2, 3, 4, 7])
    expect(ns(await list('?status=DA'))).toEqual([])
    expect(ns(await list('?asset_id__in=1001,1003,1005'))).toEqual([3, 1])
    expect(ns(await list('?application_id__in=2002,2004'))).toEqual([4, 2])
    expect(ns(await list(`?owner_address=${owner}`))).toEqual([2, 1])
    expect(ns(await list(`?creator_address=${creator2}`))).toEqual([3])
    expect(ns(await list('?status__exclude=RD'))).toEqual([])
    // uint64 values beyond PostgreSQL's bigint match nothing (and break nothing).
    const max = (2n ** 64n - 1n).toString()
    expect(ns(await list(`?price__gt=${max}`))).toEqual([])
    expect(ns(await list(`?asset_id__in=${max},1001`))).toEqual([1])
    expect(ns(await list('?asset_id__in='))).toEqual([])
  })

  it('answers every spec field with amounts as decimal strings', async () => {
    const [asset] = (await list('?asset_id__in=1003')).results
    expect(asset).toEqual({
      guid: guid(3),
      asset_id: '1003',
      application_id: '2003',
      contract_version: 1,
      royalty: null,
      escrow_address: algosdk.getApplicationAddress(2003n).toString(),
      status: 'RD',
      name: 'Piece 3',
      unit_name: 'P3',
      description: '',
      image: null,
      thumbnail: null,
      creator_address: creator2,
      owner_address: null,
      holding_address: null,
      price: '1',
      highest_bid: { value: '9000000', sender: bidder },
      created_at: '2026-01-03T00:00:00.000Z',
      auction: null,
      // Uploaded before the server kept IPFS CIDs (docs/ipfs.md §5).
      image_cid: null,
    })
  })

  it('answers the same fields on every read path (prepared list, built list, by guid)', async () => {
    const expected = {
      guid: guid(7),
      asset_id: '1007',
      application_id: '2007',
      contract_version: 1,
      royalty: null,
      escrow_address: algosdk.getApplicationAddress(2007n).toString(),
      status: 'RD',
      name: 'Piece 7',
      unit_name: 'P7',
      description: '',
      image: null,
      thumbnail: null,
      creator_address: staff,
      owner_address: null,
      holding_address: null,
      price: '9223372036854775807',
      highest_bid: { value: '1', sender: bidder },
      created_at: '2026-01-07T12:34:56.789Z',
      auction: null,
      image_cid: null,
    }
    expect((await list('?status=RD&ordering=-created_at&limit=1')).results).toEqual([expected])
    expect((await list('?asset_id__in=1007')).results).toEqual([expected])
    const one = await server.get(`/api/assets/${guid(7)}/`)
    // The one read by guid adds whether moderation hid it (null: shown in the lists).
    expect(one.json()).toEqual({ ...expected, hidden: null })
  })

  it('pages with limit and offset, with next and previous links', async () => {
    const first = await list('?ordering=created_at&limit=2')
    expect(ns(first)).toEqual([1, 2])
    expect(first.count).toBe(5)
    expect(first.previous).toBeNull()
    expect(first.next).toBe('http://unica.test/api/assets/?ordering=created_at&limit=2&offset=2')
    const second = await list('?ordering=created_at&limit=2&offset=2')
    expect(ns(second)).toEqual([3, 4])
    expect(second.previous).toBe('http://unica.test/api/assets/?ordering=created_at&limit=2')
    const last = await list('?ordering=created_at&limit=2&offset=4')
    expect(ns(last)).toEqual([7])
    expect(last.next).toBeNull()
  })

  it("widens to a staff viewer's own unfinished assets only", async () => {
    expect(ns(await list('?status__exclude=RD', { 'x-view-as': staff }))).toEqual([5])
    // Another staff member's view does not show creator2's DC asset; non-staff see nothing more.
    expect(ns(await list('?status__exclude=RD', { 'x-view-as': creator2 }))).toEqual([])
    expect(ns(await list('?status__exclude=RD', { 'x-view-as': 'garbage' }))).toEqual([])
  })

  it('refuses malformed filters with field errors', async () => {
    const cases: [string, string][] = [
      ['?status=XX', 'status'],
      ['?ordering=name', 'ordering'],
      ['?price__gt=-1', 'price__gt'],
      ['?price__gt=1.5', 'price__gt'],
      ['?highest_bid__value__gt=99999999999999999999999', 'highest_bid__value__gt'],
      ['?asset_id__in=1,x', 'asset_id__in'],
      ['?owner_address=abc', 'owner_address'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?offset=-3', 'offset'],
    ]
    for (const [query, field] of cases) {
      const response = await server.get(`/api/assets/${query}`)
      expect(response.statusCode, query).toBe(400)
      const body = response.json<Record<string, unknown>>()
      expect(body.detail).toBe('Invalid input.')
      expect(body[field], query).toBeInstanceOf(Array)
    }
  })
  it('compares uint64 amounts above 2^63 exactly (price__gt, highest_bid__value__gt)', async () => {
    const max = 2n ** 64n - 1n
    const top = 2n ** 63n
    await server.database.db.insert(assets).values({
      guid: guid(9),
      assetId: 1009n,
      applicationId: 2009n,
      status: 'RD',
      name: 'Piece 9',
      unitName: 'P9',
      creatorAddress: staff,
      price: max,
      highestBidValue: top + 5n,
      highestBidSender: bidder,
      createdAt: new Date(Date.UTC(2026, 0, 9)),
    })
    try {
      expect(ns(await list(`?price__gt=${PG_BIGINT_MAX - 1n}`))).toEqual([9, 7])
      expect(ns(await list(`?price__gt=${PG_BIGINT_MAX}`))).toEqual([9])
      expect(ns(await list(`?price__gt=${top}`))).toEqual([9])
      expect(ns(await list(`?price__gt=${max - 1n}`))).toEqual([9])
      expect(ns(await list(`?price__gt=${max}`))).toEqual([])
      expect(ns(await list(`?highest_bid__value__gt=${top + 4n}`))).toEqual([9])
      expect(ns(await list(`?highest_bid__value__gt=${top + 5n}`))).toEqual([])
      // The built path (an id list) compares the same way.
      expect(ns(await list(`?asset_id__in=1007,1009&price__gt=${top}`))).toEqual([9])
      expect(ns(await list(`?asset_id__in=1007,1009&price__gt=${max}`))).toEqual([])
      const [first] = (await list('?ordering=-highest_bid__value')).results
      expect(first).toMatchObject({
        guid: guid(9),
        price: max.toString(),
        highest_bid: { value: (top + 5n).toString(), sender: bidder },
      })
    } finally {
      await server.database.query('DELETE FROM assets WHERE guid = $1', [guid(9)])
    }
  })
})

describe('GET /api/assets/{guid}/', () => {
  it('answers any status by guid, dashed or not; 404 for unknown guids', async () => {
    expect((await server.get(`/api/assets/${guid(5)}/`)).json()).toMatchObject({ status: 'DA' })
    const dashed = '00000000-0000-0000-0000-000000000006'
    expect((await server.get(`/api/assets/${dashed}/`)).json()).toMatchObject({ status: 'DC' })
    const missing = await server.get(`/api/assets/${'f'.repeat(32)}/`)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({
      detail: 'No asset with this guid.',
      request_id: missing.headers['x-request-id'],
    })
    expect((await server.get('/api/assets/nope/')).statusCode).toBe(400)
  })
})

describe('GET /api/operations/', () => {
  it("lists an asset's history, pending first then newest round; failed sends are not history", async () => {
    const response = await server.get(`/api/operations/?asset__guid=${guid(1)}`)
    expect(response.statusCode).toBe(200)
    const body = response.json<{ count: number; results: Record<string, unknown>[] }>()
    expect(body.count).toBe(3)
    expect(body.results.map((o) => o.tx_id)).toEqual(['T2', 'T5', 'T1'])
    expect(body.results[0]).toMatchObject({
      op_type: 'BID',
      value: '3',
      sender: bidder,
      is_pending: true,
      is_executed: false,
      block_time: null,
      asset_guid: guid(1),
      application_id: '2001',
    })
    expect(body.results[1]).toMatchObject({ is_pending: false, is_executed: true, round: '12' })
  })

  it('lists everything without a filter and refuses bad guids', async () => {
    expect((await server.get('/api/operations/')).json<{ count: number }>().count).toBe(4)
    expect((await server.get('/api/operations/?asset__guid=xyz')).statusCode).toBe(400)
  })
})
