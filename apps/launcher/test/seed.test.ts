/**
 * The demo seed against a whole Unica in memory: every piece goes through create, submit, deploy
 * and finish setup to a ready (RD) asset; listings, bids and the sale show in the API as the web
 * app reads them, and on the chain (balances, escrow holdings, app state).
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeManagerGlobal } from '@unica/contracts'
import {
  DEMO_PIECES,
  hasAssets,
  seedDemo,
  startUnica,
  type SeedResult,
  type Unica,
} from '../src/index.js'

let unica: Unica
let seeded: SeedResult
const USDC = 1_000_000n
/** What each devnet test wallet holds at genesis (packages/devnet README): 1,000,000 USDC. */
const GENESIS_USDC = 1_000_000n * USDC

interface ApiAsset {
  guid: string
  name: string
  status: string
  price: string | null
  highest_bid: { value: string; sender: string } | null
  owner_address: string | null
  creator_address: string
  image: string
}

const get = async <T>(path: string): Promise<T> => {
  const response = await fetch(`${unica.url}${path}`)
  expect(response.status, path).toBe(200)
  return (await response.json()) as T
}

function account(name: string): string {
  const found = unica.devnet?.info.accounts.find((a) => a.name === name)
  if (found === undefined) throw new Error(`no ${name}`)
  return found.address
}

beforeAll(async () => {
  unica = await startUnica({ webDist: null })
  const devnet = unica.devnet
  if (devnet === null) throw new Error('no devnet')
  expect(await hasAssets(unica.database)).toBe(false)
  seeded = await seedDemo({ url: unica.url, devnet, chain: unica.chain, database: unica.database })
})
afterAll(async () => {
  await unica.stop()
})

describe('the demo seed', () => {
  it("makes the devnet's first test account, Wallet2, staff", async () => {
    expect(seeded.staff).toBe(account('Wallet2'))
    expect(await get(`/api/users/${seeded.staff}/`)).toEqual({
      address: seeded.staff,
      is_staff: true,
    })
    expect(await hasAssets(unica.database)).toBe(true)
  })

  it('creates every piece, at least eight, ready for trading with its generated image', async () => {
    expect(DEMO_PIECES.length).toBeGreaterThanOrEqual(8)
    const list = await get<{ count: number; results: ApiAsset[] }>('/api/assets/?limit=50')
    expect(list.count).toBe(DEMO_PIECES.length)
    expect(new Set(list.results.map((a) => a.name))).toEqual(
      new Set(DEMO_PIECES.map((p) => p.name)),
    )
    for (const asset of list.results) {
      expect(asset.status).toBe('RD')
      expect(asset.creator_address).toBe(seeded.staff)
    }
    const image = await fetch(list.results[0].image)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toMatch(/^image\//)
  })

  it('lists, bids and sells as the catalogue says, in the API and on chain', async () => {
    const algod = unica.chain.algod
    for (const piece of DEMO_PIECES) {
      const item = seeded.pieces.find((p) => p.name === piece.name)
      if (item === undefined) throw new Error(`${piece.name} not seeded`)
      const asset = await get<ApiAsset>(`/api/assets/${item.guid}/`)
      const app = await algod.getApplicationByID(item.appId).do()
      const state = decodeManagerGlobal(app.params?.globalState ?? [])
      const escrow = algosdk.getApplicationAddress(item.appId).toString()

      const bids = piece.bids ?? []
      const best = bids.reduce<(typeof bids)[number] | undefined>(
        (top, b) => (top === undefined || b.usdc > top.usdc ? b : top),
        undefined,
      )
      expect(asset.highest_bid, piece.name).toEqual(
        best === undefined
          ? null
          : { value: (BigInt(best.usdc) * USDC).toString(), sender: account(best.from) },
      )
      expect(state.bidCount, piece.name).toBe(BigInt(bids.length))
      // The escrow holds exactly the open bids' USDC.
      const escrowUsdc = await algod.accountAssetInformation(escrow, unica.chain.usdcId).do()
      const openBids = bids.reduce((sum, b) => sum + BigInt(b.usdc) * USDC, 0n)
      // ... and the auction's highest bid.
      const auctionBid = BigInt(piece.auction?.bid?.usdc ?? 0) * USDC
      expect(escrowUsdc.assetHolding?.amount, piece.name).toBe(openBids + auctionBid)

      const sold = piece.boughtBy
      const owner = sold === undefined ? seeded.staff : account(sold.resoldTo ?? sold.collector)
      expect(asset.owner_address, piece.name).toBe(owner)
      // A resold piece is unlisted: its second buyer holds it.
      const price = sold?.resoldTo !== undefined ? undefined : (sold?.relistAt ?? piece.price)
      expect(asset.price, piece.name).toBe(
        price === undefined ? null : (BigInt(price) * USDC).toString(),
      )
      expect(state.ask, piece.name).toBe(price === undefined ? 0n : BigInt(price) * USDC)
      // A listed NFT (or one at auction) sits in the escrow, an unlisted one in its owner's wallet.
      const holder = price === undefined && piece.auction === undefined ? owner : escrow
      const nft = await algod.accountAssetInformation(holder, item.assetId).do()
      expect(nft.assetHolding?.amount, piece.name).toBe(1n)
    }
  })

  it('paid the seller of the sold pieces and records each sale in its history', async () => {
    const sold = DEMO_PIECES.filter((p) => p.boughtBy !== undefined)
    expect(sold.length).toBeGreaterThan(0)
    // The staff member pays no USDC anywhere in the seed: it has its genesis USDC plus each first
    // sale's price (a creator's sale pays no royalty) and its royalty cuts of resales.
    let staffIncome = 0n
    for (const piece of sold) {
      const item = seeded.pieces.find((p) => p.name === piece.name)
      if (piece.price === undefined || item === undefined) throw new Error('no sold piece')
      staffIncome += BigInt(piece.price) * USDC
      const history = await get<{ results: { op_type: string; sender: string; value: string }[] }>(
        `/api/operations/?asset__guid=${item.guid}`,
      )
      expect(history.results).toContainEqual(
        expect.objectContaining({
          op_type: 'BUY_NOW',
          value: (BigInt(piece.price) * USDC).toString(),
          sender: account(piece.boughtBy?.collector ?? ''),
        }),
      )
      const resale = piece.boughtBy?.relistAt
      if (piece.boughtBy?.resoldTo !== undefined && resale !== undefined) {
        for (const r of piece.royalty ?? []) {
          if (r.who === 'staff') staffIncome += (BigInt(resale) * USDC * BigInt(r.share)) / 10_000n
        }
      }
    }
    const staffUsdc = await unica.chain.algod
      .accountAssetInformation(seeded.staff, unica.chain.usdcId)
      .do()
    expect(staffUsdc.assetHolding?.amount).toBe(GENESIS_USDC + staffIncome)
  })

  it("starts the catalogue's auctions on v3 managers, one with a first bid", async () => {
    const at = DEMO_PIECES.filter((p) => p.auction !== undefined)
    expect(at.some((p) => p.auction?.bid !== undefined)).toBe(true)
    expect(at.some((p) => p.auction?.bid === undefined)).toBe(true)
    const listed = await get<{ results: (ApiAsset & { auction: unknown })[] }>(
      '/api/assets/?market=auction&order_by=ending_soon',
    )
    // The one with a bid has an end, so it sorts first.
    expect(listed.results.map((a) => a.name)).toEqual(
      [...at]
        .sort((a, b) => Number(b.auction?.bid !== undefined) - Number(a.auction?.bid !== undefined))
        .map((p) => p.name),
    )
    for (const piece of at) {
      const asset = listed.results.find((a) => a.name === piece.name)
      const a = piece.auction
      if (asset === undefined || a === undefined) throw new Error(`${piece.name} not at auction`)
      const bid = a.bid === undefined ? null : (BigInt(a.bid.usdc) * USDC).toString()
      expect(asset.auction, piece.name).toMatchObject({
        reserve: (BigInt(a.reserve) * USDC).toString(),
        duration: a.hours * 3600,
        raise_bp: a.raisePercent * 100,
        highest_bid: bid,
        highest_bidder: a.bid === undefined ? null : account(a.bid.from),
        status: 'running',
      })
      expect(asset.owner_address).toBe(seeded.staff)
    }
  })

  it('has pieces of both versions, v2 ones with royalties and splits, and a resale that paid one', async () => {
    const versions = new Set(seeded.pieces.map((p) => p.version))
    expect(versions).toEqual(new Set([1, 2, 3]))
    for (const piece of DEMO_PIECES) {
      const item = seeded.pieces.find((p) => p.name === piece.name)
      if (item === undefined) throw new Error(`${piece.name} not seeded`)
      const asset = await get<{ contract_version: number; royalty: unknown }>(
        `/api/assets/${item.guid}/`,
      )
      expect(asset.contract_version, piece.name).toBe(item.version)
      const recipients = (piece.royalty ?? []).map((r) => ({
        address: r.who === 'staff' ? seeded.staff : account(r.who),
        share: r.share,
      }))
      expect(asset.royalty, piece.name).toEqual(
        item.version === 1
          ? null
          : { basis_points: recipients.reduce((a, r) => a + r.share, 0), recipients },
      )
    }
    expect(DEMO_PIECES.some((p) => (p.royalty?.length ?? 0) > 1)).toBe(true)

    // The resale by a collector paid each recipient its cut, and the seller the rest.
    const resold = DEMO_PIECES.find((p) => p.boughtBy?.resoldTo !== undefined)
    const item = seeded.pieces.find((p) => p.name === resold?.name)
    const first = resold?.boughtBy
    if (item?.version !== 2 || first?.relistAt === undefined || first.resoldTo === undefined) {
      throw new Error('no v2 resale in the catalogue')
    }
    const price = BigInt(first.relistAt) * USDC
    const cuts = (resold?.royalty ?? []).map((r) => (price * BigInt(r.share)) / 10_000n)
    const royalty = cuts.reduce((a, b) => a + b, 0n)
    expect(royalty).toBeGreaterThan(0n)
    const history = await get<{ results: { op_type: string; sender: string; royalty?: string }[] }>(
      `/api/operations/?asset__guid=${item.guid}`,
    )
    expect(history.results).toContainEqual(
      expect.objectContaining({
        op_type: 'BUY_NOW',
        sender: account(first.resoldTo),
        royalty: royalty.toString(),
      }),
    )
    // On chain: the first collector (who bids elsewhere too) got the price less the royalty.
    const usdcOf = async (address: string) =>
      (await unica.chain.algod.accountAssetInformation(address, unica.chain.usdcId).do())
        .assetHolding?.amount
    const bidsBy = (who: string) =>
      DEMO_PIECES.flatMap((p) => p.bids ?? [])
        .filter((b) => b.from === who)
        .reduce((sum, b) => sum + BigInt(b.usdc) * USDC, 0n)
    const seller = first.collector
    const paidFirst = BigInt(resold?.price ?? 0) * USDC
    expect(await usdcOf(account(seller))).toBe(
      GENESIS_USDC - bidsBy(seller) - paidFirst + price - royalty,
    )
    // Each collaborator's cut shows on their creator page as royalties earned.
    for (const [i, r] of (resold?.royalty ?? []).entries()) {
      if (r.who === 'staff') continue
      const page = await get<{ royalties_earned: string }>(`/api/creators/${account(r.who)}/`)
      expect(page.royalties_earned).toBe(cuts[i].toString())
    }
  })
})
