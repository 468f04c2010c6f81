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
      expect(escrowUsdc.assetHolding?.amount, piece.name).toBe(openBids)

      const sold = piece.boughtBy
      const owner = sold === undefined ? seeded.staff : account(sold.collector)
      expect(asset.owner_address, piece.name).toBe(owner)
      const price = sold?.relistAt ?? piece.price
      expect(asset.price, piece.name).toBe(
        price === undefined ? null : (BigInt(price) * USDC).toString(),
      )
      expect(state.ask, piece.name).toBe(price === undefined ? 0n : BigInt(price) * USDC)
      // A listed NFT sits in the escrow, an unlisted one in its owner's wallet.
      const holder = price === undefined ? owner : escrow
      const nft = await algod.accountAssetInformation(holder, item.assetId).do()
      expect(nft.assetHolding?.amount, piece.name).toBe(1n)
    }
  })

  it('paid the seller of the sold piece and records the sale in its history', async () => {
    const sold = DEMO_PIECES.find((p) => p.boughtBy !== undefined)
    const item = seeded.pieces.find((p) => p.name === sold?.name)
    if (sold?.price === undefined || item === undefined) throw new Error('no sold piece')
    // The staff member pays no USDC anywhere in the seed: it has its genesis USDC plus the price.
    const staffUsdc = await unica.chain.algod
      .accountAssetInformation(seeded.staff, unica.chain.usdcId)
      .do()
    expect(staffUsdc.assetHolding?.amount).toBe(GENESIS_USDC + BigInt(sold.price) * USDC)
    const history = await get<{ results: { op_type: string; sender: string; value: string }[] }>(
      `/api/operations/?asset__guid=${item.guid}`,
    )
    expect(history.results).toContainEqual(
      expect.objectContaining({
        op_type: 'BUY_NOW',
        value: (BigInt(sold.price) * USDC).toString(),
        sender: account(sold.boughtBy?.collector ?? ''),
      }),
    )
  })
})
