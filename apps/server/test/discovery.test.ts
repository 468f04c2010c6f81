/**
 * Discovery's routes (docs/product.md §11) on a real database: search relevance (exact names,
 * prefixes, stems, one typo), suggestions, the list filters and orderings it adds, the activity
 * feed's cursor, creator and collector figures, price history, market figures, and every new
 * parameter's bad values (a 4xx, never a 5xx, fuzz included).
 */
import algosdk from 'algosdk'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assets, bids, operations } from '../src/db/index.js'
import { startTestServer, type TestServer } from './app.js'

let server: TestServer
const addr = (): string => algosdk.generateAccount().addr.toString()
const painter = addr()
const sculptor = addr()
const collector = addr()
const bidder = addr()
const guid = (n: number): string => n.toString(16).padStart(32, '0')
const HOUR = 3_600_000
const now = Date.now()

interface Piece {
  n: number
  name: string
  description?: string
  unit?: string
  creator?: string
  owner?: string
  price?: bigint
  bid?: bigint
  status?: 'DA' | 'RD'
}
const pieces: Piece[] = [
  { n: 1, name: 'Harbour at Dusk', description: 'Boats resting.', price: 5_000_000n },
  { n: 2, name: 'Quiet Field', description: 'A field far from any harbour.', bid: 2_000_000n },
  { n: 3, name: 'Harbour', description: 'Oil on canvas.', creator: sculptor, owner: collector },
  { n: 4, name: 'Paintings of Light', description: 'Morning.', price: 1_000_000n, bid: 9n },
  { n: 5, name: 'Bronze Figure', unit: 'BRONZE', creator: sculptor, price: 20_000_000n },
  { n: 6, name: 'Hidden Harbour', description: 'Not ready yet.', status: 'DA' },
]

/**
 * Executed history: (piece, type, value, hours ago, whether the piece had an ask just before, as
 * the follower records it). Rounds grow with time.
 */
const history: [number, string, bigint, number, boolean?][] = [
  [1, 'ASK', 4_000_000n, 200],
  [1, 'BUY_NOW', 4_000_000n, 190],
  [1, 'ASK', 5_000_000n, 100],
  [2, 'BID', 2_000_000n, 50],
  [3, 'ASK', 7_000_000n, 30],
  [3, 'SELL_NOW', 6_000_000n, 10],
  [4, 'ASK', 1_000_000n, 5],
  [4, 'BID', 9n, 4],
  [4, 'BID', 0n, 3],
  [5, 'ASK', 25_000_000n, 2],
  [5, 'CONFIGURE', 0n, 1],
  [5, 'ASK', 20_000_000n, 0.5, true],
]

beforeAll(async () => {
  server = await startTestServer()
  const { db } = server.database
  await db.insert(assets).values(
    pieces.map((p) => ({
      guid: guid(p.n),
      assetId: BigInt(1000 + p.n),
      applicationId: p.status === 'DA' ? null : BigInt(2000 + p.n),
      status: p.status ?? 'RD',
      name: p.name,
      unitName: p.unit ?? `P${p.n}`,
      description: p.description ?? '',
      creatorAddress: p.creator ?? painter,
      ownerAddress: p.owner ?? null,
      price: p.price ?? null,
      highestBidValue: p.bid ?? null,
      highestBidSender: p.bid === undefined ? null : bidder,
      createdAt: new Date(Date.UTC(2026, 0, p.n)),
    })),
  )
  await db.insert(operations).values(
    history.map(([n, opType, value, hoursAgo, listedBefore], i) => ({
      assetGuid: guid(n),
      listedBefore: listedBefore ?? false,
      applicationId: BigInt(2000 + n),
      opType,
      value,
      sender: opType === 'BID' ? bidder : collector,
      txId: `TX${String(i)}`,
      status: 'executed' as const,
      round: BigInt(100 + i),
      blockTime: new Date(now - hoursAgo * HOUR),
    })),
  )
  // A pending trade is not history yet.
  await db.insert(operations).values({
    assetGuid: guid(1),
    applicationId: 2001n,
    opType: 'BID',
    value: 7n,
    sender: bidder,
    txId: 'PENDING',
  })
  await db.insert(bids).values([
    { applicationId: 2002n, bidder, amount: 2_000_000n, round: 103n },
    { applicationId: 2004n, bidder, amount: 9n, round: 107n },
  ])
})
afterAll(async () => {
  await server.close()
})

async function ok<T>(url: string): Promise<T> {
  const response = await server.get(url)
  expect(response.statusCode, `${url} → ${response.body}`).toBe(200)
  return response.json<T>()
}
async function rejected(url: string): Promise<Record<string, unknown>> {
  const response = await server.get(url)
  expect(response.statusCode, `${url} → ${response.body}`).toBe(400)
  return response.json<Record<string, unknown>>()
}
interface Listed {
  count: number
  results: { guid: string; name: string }[]
}
const names = (page: Listed): string[] => page.results.map((r) => r.name)
const search = (q: string): Promise<Listed> => ok<Listed>(`/api/search/?q=${encodeURIComponent(q)}`)

describe('GET /api/search/', () => {
  it('ranks an exact name above names and descriptions that contain the word', async () => {
    const found = await search('harbour')
    expect(names(found)[0]).toBe('Harbour')
    expect(names(found)).toEqual(['Harbour', 'Harbour at Dusk', 'Quiet Field'])
    expect(found.count).toBe(3)
  })

  it('matches a prefix, a word stem, and a word with one typo', async () => {
    expect(names(await search('harb'))).toContain('Harbour at Dusk')
    expect(names(await search('painting'))).toEqual(['Paintings of Light'])
    expect(names(await search('harbuor'))).toContain('Harbour')
    expect(names(await search('Harbor dusk'))).toEqual(['Harbour at Dusk'])
  })

  it('matches the unit name and the creator, and needs every word', async () => {
    expect(names(await search('bronze'))).toEqual(['Bronze Figure'])
    expect(names(await search(sculptor)).sort()).toEqual(['Bronze Figure', 'Harbour'])
    expect(names(await search('harbour boats zebra'))).toEqual([])
  })

  it('never shows unfinished assets, and pages', async () => {
    expect(names(await search('hidden'))).toEqual([])
    const first = await ok<Listed & { next: string | null }>('/api/search/?q=harbour&limit=1')
    expect(names(first)).toEqual(['Harbour'])
    expect(first.count).toBe(3)
    expect(first.next).toContain('offset=1')
    const past = await ok<Listed>('/api/search/?q=harbour&offset=10')
    expect([past.results, past.count]).toEqual([[], 3])
  })

  it('takes punctuation and tsquery syntax as plain text', async () => {
    expect(names(await search("harbour & ! | ( ' :*"))).toContain('Harbour')
    expect((await search("'))-- zq")).count).toBe(0)
    await rejected(`/api/search/?q=${encodeURIComponent("'))--")}`)
  })

  it('refuses a missing, empty, wordless or overlong q', async () => {
    await rejected('/api/search/')
    await rejected('/api/search/?q=')
    await rejected('/api/search/?q=%20%21%3F')
    await rejected(`/api/search/?q=${'a'.repeat(101)}`)
    await rejected('/api/search/?q=x&limit=0')
  })
})

describe('GET /api/search/ with the list filters and orderings', () => {
  const harbour = (query: string): Promise<Listed> => ok<Listed>(`/api/search/?q=harbour&${query}`)

  it('narrows to for sale, with bids, or sold, and counts only what is left', async () => {
    const forSale = await harbour('market=for_sale')
    expect([names(forSale), forSale.count]).toEqual([['Harbour at Dusk'], 1])
    expect(names(await harbour('market=has_bids'))).toEqual(['Quiet Field'])
    // Still best first: the exact name leads.
    expect(names(await harbour('market=sold'))).toEqual(['Harbour', 'Harbour at Dusk'])
  })

  it('narrows by an inclusive price range and by creator', async () => {
    expect(names(await harbour('price__gte=5000000&price__lte=5000000'))).toEqual([
      'Harbour at Dusk',
    ])
    expect(names(await harbour('price__lte=4999999'))).toEqual([])
    expect(names(await harbour(`creator_address=${sculptor}`))).toEqual(['Harbour'])
    const none = await harbour(`creator_address=${collector}`)
    expect([none.results, none.count]).toEqual([[], 0])
  })

  it('sorts every way a list does instead of best first', async () => {
    expect(names(await harbour('ordering=created_at'))).toEqual([
      'Harbour at Dusk',
      'Quiet Field',
      'Harbour',
    ])
    expect(names(await harbour('ordering=-created_at'))).toEqual([
      'Harbour',
      'Quiet Field',
      'Harbour at Dusk',
    ])
    expect(names(await harbour('ordering=price'))[0]).toBe('Harbour at Dusk')
    expect(names(await harbour('ordering=-highest_bid__value'))[0]).toBe('Quiet Field')
    expect(names(await harbour('ordering=-last_sold_at'))).toEqual([
      'Harbour',
      'Harbour at Dusk',
      'Quiet Field',
    ])
    const paged = await ok<Listed & { next: string | null }>(
      '/api/search/?q=harbour&ordering=created_at&limit=1&offset=1',
    )
    expect([names(paged), paged.count]).toEqual([['Quiet Field'], 3])
    expect(paged.next).toContain('ordering=created_at')
  })

  it('refuses bad values of every filter and ordering', async () => {
    for (const q of [
      'market=cheap',
      'market=',
      'price__gte=-1',
      'price__gte=1.5',
      'price__lte=18446744073709551616',
      'price__gte=5&price__lte=4',
      'creator_address=nope',
      `creator_address=${sculptor.toLowerCase()}`,
      'ordering=relevance',
      'ordering=price_asc',
    ]) {
      await rejected(`/api/search/?q=harbour&${q}`)
    }
  })
})

describe('GET /api/search/suggestions/', () => {
  it('offers pieces and their creators, and creators by address prefix', async () => {
    const s = await ok<{
      assets: { name: string }[]
      creators: { address: string; works: number }[]
    }>('/api/search/suggestions/?q=bron')
    expect(s.assets.map((a) => a.name)).toEqual(['Bronze Figure'])
    expect(s.creators).toEqual([{ address: sculptor, works: 2 }])
    const byAddress = await ok<{ creators: { address: string }[] }>(
      `/api/search/suggestions/?q=${painter.slice(0, 8).toLowerCase()}`,
    )
    expect(byAddress.creators.map((c) => c.address)).toContain(painter)
    await rejected('/api/search/suggestions/?q=')
  })
})

describe('GET /api/assets/ with discovery filters', () => {
  const list = (query: string): Promise<Listed> => ok<Listed>(`/api/assets/?${query}`)
  const ns = (page: Listed): number[] => page.results.map((r) => parseInt(r.guid, 16))

  it('filters for sale, with bids, and sold', async () => {
    expect(ns(await list('market=for_sale'))).toEqual([5, 4, 1])
    expect(ns(await list('market=has_bids'))).toEqual([4, 2])
    expect(ns(await list('market=sold'))).toEqual([3, 1])
  })

  it('filters by an inclusive price range and a creator, combined', async () => {
    expect(ns(await list('price__gte=1000000&price__lte=5000000'))).toEqual([4, 1])
    expect(ns(await list('price__gte=5000001'))).toEqual([5])
    expect(ns(await list(`creator_address=${sculptor}&market=for_sale`))).toEqual([5])
  })

  it('orders by price both ways (unpriced last) and by the latest sale', async () => {
    expect(ns(await list('ordering=price'))).toEqual([4, 1, 5, 2, 3])
    expect(ns(await list('ordering=-price'))).toEqual([5, 1, 4, 3, 2])
    expect(ns(await list('ordering=-last_sold_at'))).toEqual([3, 1, 5, 4, 2])
  })

  it('refuses bad values of every new parameter', async () => {
    for (const q of [
      'market=cheap',
      'price__gte=-1',
      'price__gte=1.5',
      'price__lte=18446744073709551616',
      'price__gte=5&price__lte=4',
      'ordering=price_asc',
    ]) {
      await rejected(`/api/assets/?${q}`)
    }
  })
})

interface Feed {
  next_cursor: string | null
  results: { type: string; op_type: string; value: string; asset: { name: string } | null }[]
}

describe('GET /api/activity/', () => {
  it('lists market activity newest first: no pending, no non-trade calls', async () => {
    const feed = await ok<Feed>('/api/activity/')
    expect(feed.results.map((r) => r.type)).toEqual([
      'price_change',
      'listing',
      'cancel',
      'bid',
      'listing',
      'sale',
      'listing',
      'bid',
      'listing',
      'sale',
      'listing',
    ])
    expect(feed.results[0].asset?.name).toBe('Bronze Figure')
    expect(feed.next_cursor).toBeNull()
  })

  it('filters by type', async () => {
    const sales = await ok<Feed>('/api/activity/?type=sale')
    expect(sales.results.map((r) => [r.op_type, r.value])).toEqual([
      ['SELL_NOW', '6000000'],
      ['BUY_NOW', '4000000'],
    ])
  })

  it('tells a first listing, a change of price and a cancelled ask or bid apart', async () => {
    const of = async (type: string) =>
      (await ok<Feed>(`/api/activity/?type=${type}`)).results.map((r) => [r.op_type, r.value])
    expect(await of('price_change')).toEqual([['ASK', '20000000']])
    expect(await of('listing')).toEqual([
      ['ASK', '25000000'],
      ['ASK', '1000000'],
      ['ASK', '7000000'],
      ['ASK', '5000000'],
      ['ASK', '4000000'],
    ])
    expect(await of('cancel')).toEqual([['BID', '0']])
    expect(await of('bid')).toEqual([
      ['BID', '9'],
      ['BID', '2000000'],
    ])
    // Every market operation has exactly one type.
    const all = (await ok<Feed>('/api/activity/')).results.length
    let typed = 0
    for (const t of ['sale', 'listing', 'price_change', 'bid', 'cancel']) {
      typed += (await ok<Feed>(`/api/activity/?type=${t}`)).results.length
    }
    expect(typed).toBe(all)
  })

  it('pages by cursor without gaps or repeats', async () => {
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const url: string = `/api/activity/?limit=3${cursor === null ? '' : `&cursor=${cursor}`}`
      const page: Feed = await ok<Feed>(url)
      seen.push(...page.results.map((r) => `${r.op_type}:${r.value}`))
      cursor = page.next_cursor
      pages++
    } while (cursor !== null && pages < 10)
    expect(pages).toBe(4)
    expect(seen).toHaveLength(11)
    expect(new Set(seen.map((s, i) => `${s}#${String(i)}`)).size).toBe(11)
    const all = await ok<Feed>('/api/activity/')
    expect(seen).toEqual(all.results.map((r) => `${r.op_type}:${r.value}`))
  })

  it('accepts any well-formed cursor and refuses others', async () => {
    expect((await ok<Feed>('/api/activity/?cursor=0.0')).results).toHaveLength(0)
    expect((await ok<Feed>('/api/activity/?cursor=9999999999999999999.1')).results).toHaveLength(11)
    expect((await ok<Feed>('/api/activity/?cursor=9223372036854775807.9')).results).toHaveLength(11)
    for (const q of [
      'cursor=abc',
      'cursor=1',
      'cursor=99999999999999999999.1',
      'cursor=-1.2',
      'type=mint',
      'type=price%20change',
      'type=PRICE_CHANGE',
      'limit=101',
    ]) {
      await rejected(`/api/activity/?${q}`)
    }
  })
})

describe('creator and collector pages', () => {
  it("counts a creator's works, works for sale, sales and volume", async () => {
    expect(await ok(`/api/creators/${painter}/`)).toEqual({
      address: painter,
      works: 3,
      for_sale: 2,
      sales: 1,
      volume: '4000000',
      royalties_earned: '0',
    })
    expect(await ok(`/api/creators/${collector}/`)).toMatchObject({ works: 0, volume: '0' })
  })

  it("shows a collector's owned count and open bids, latest first", async () => {
    const account = await ok<{
      owned: number
      bids: { asset: { name: string }; amount: string }[]
    }>(`/api/accounts/${bidder}/`)
    expect(account.owned).toBe(0)
    expect(account.bids.map((b) => [b.asset.name, b.amount])).toEqual([
      ['Paintings of Light', '9'],
      ['Quiet Field', '2000000'],
    ])
    expect((await ok<{ owned: number }>(`/api/accounts/${collector}/`)).owned).toBe(1)
  })

  it('refuses what is not an address', async () => {
    await rejected('/api/creators/nope/')
    await rejected(`/api/accounts/${painter.toLowerCase()}/`)
  })
})

describe('GET /api/assets/{guid}/price_history/', () => {
  it("lists an asset's executed sales, asks and bids, oldest first", async () => {
    const { points } = await ok<{ points: { type: string; value: string }[] }>(
      `/api/assets/${guid(1)}/price_history/`,
    )
    expect(points.map((p) => [p.type, p.value])).toEqual([
      ['listing', '4000000'],
      ['sale', '4000000'],
      ['listing', '5000000'],
    ])
  })

  it('answers 404 for an unknown asset and 400 for a bad guid', async () => {
    expect((await server.get(`/api/assets/${guid(99)}/price_history/`)).statusCode).toBe(404)
    await rejected('/api/assets/xyz/price_history/')
  })
})

describe('GET /api/stats/', () => {
  it('gives the latest sales and the 24 h and 7 d volume and count', async () => {
    const stats = await ok<{
      latest_sales: { value: string }[]
      volume_24h: string
      sales_24h: number
      volume_7d: string
      sales_7d: number
    }>('/api/stats/')
    expect(stats.latest_sales.map((s) => s.value)).toEqual(['6000000', '4000000'])
    expect([stats.sales_24h, stats.volume_24h]).toEqual([1, '6000000'])
    expect([stats.sales_7d, stats.volume_7d]).toEqual([1, '6000000'])
  })
})

describe('fuzz: no discovery input makes the server fail', () => {
  const KEYS = [
    'q',
    'type',
    'cursor',
    'limit',
    'offset',
    'market',
    'price__gte',
    'price__lte',
    'ordering',
    'creator_address',
  ]
  const nasty = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
    fc
      .tuple(fc.bigInt({ min: 0n, max: 2n ** 70n }), fc.bigInt({ min: 0n, max: 2n ** 70n }))
      .map(([a, b]) => `${String(a)}.${String(b)}`),
    fc.constantFrom(
      "'",
      ':*',
      '!',
      '&|',
      '\\',
      '%',
      'harb',
      'sold',
      'for_sale',
      '-price',
      'sale',
      'price_change',
      painter,
    ),
  )
  const query = fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.string()), nasty), { maxLength: 5 })
    .map((pairs) =>
      pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'),
    )
  const path = fc.oneof(
    fc.constantFrom(
      '/api/search/',
      // A search that matches, so the filters and orderings reach the database.
      '/api/search/?q=harbour',
      '/api/search/suggestions/',
      '/api/activity/',
      '/api/stats/',
      '/api/assets/',
    ),
    fc
      .tuple(
        fc.constantFrom('/api/creators/{}/', '/api/accounts/{}/', '/api/assets/{}/price_history/'),
        fc.oneof(nasty, fc.constantFrom(painter, guid(1))),
      )
      .map(([t, v]) => t.replace('{}', encodeURIComponent(v))),
  )

  it('answers a JSON 2xx or 4xx to random paths and queries', async () => {
    await fc.assert(
      fc.asyncProperty(path, query, async (p, q) => {
        const response = await server.get(`${p}${p.includes('?') ? '&' : '?'}${q}`)
        expect(response.statusCode, `${p}?${q} → ${response.body.slice(0, 300)}`).toBeLessThan(500)
        expect(() => JSON.parse(response.body) as unknown).not.toThrow()
      }),
      { numRuns: 300 },
    )
  })
})
