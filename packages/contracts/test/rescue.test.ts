/**
 * The rescue on the devnet through algod and the indexer over HTTP: a bidder and a lister on a v1
 * app and a v2 app, a bidder who cleared its local state, and a royalty held on v2 for a recipient
 * who had opted out of USDC at sale time are all found and freed with the planned groups; balances
 * and the apps' state are checked after.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import {
  BID_BOX_MIN_BALANCE,
  buildAppClearState,
  buildBid,
  buildBuyNow,
  buildListAsk,
  findRescues,
  planRescue,
  type Market,
  type RescueReader,
  type RescueScan,
} from '../src/index.js'
import { algosdkReader } from '../src/flows/index.js'
import { auctionBid, closeUsdc, heldOf, startAuction } from './auction.js'
import { Harness, useHarness, type Account } from './harness.js'

let h: Harness
let reader: RescueReader
const USDC = 1_000_000n

useHarness((started) => {
  h = started
  reader = algosdkReader(h.algod, h.kit.indexer)
})

async function list(seller: Account, market: Market, price: bigint): Promise<void> {
  await h.send(
    buildListAsk({ seller: seller.address, market, price, params: await h.params() }),
    seller,
  )
}

async function bidder(market: Market, bid: bigint): Promise<Account> {
  const b = await h.account()
  await h.optIn(b, market)
  const params = await h.params()
  await h.send(buildBid({ bidder: b.address, market, currentBid: 0n, newBid: bid, params }), b)
  return b
}

async function buy(buyer: Account, owner: Account, market: Market, price: bigint): Promise<void> {
  const params = await h.params()
  const input = { buyer: buyer.address, owner: owner.address, market, price, currentBid: 0n }
  await h.send(buildBuyNow({ ...input, params }), buyer)
}

/** Sends every group the rescue plans for each item found, signed by `account`. */
async function rescueAll(account: Account, scan: RescueScan): Promise<void> {
  for (const item of scan.items) {
    for (const g of planRescue(item, account.address, await h.params())) await h.send(g, account)
  }
}

const summary = (scan: RescueScan) =>
  scan.items.map((i) => ({ kind: i.kind, appId: i.market.appId, amount: i.amount }))

describe('rescue on v1', () => {
  let creator: Account
  let market: Market

  beforeAll(async () => {
    creator = await h.account()
    market = await h.market(creator)
    await list(creator, market, 5n * USDC)
  })

  it('finds a listing through the indexer and delists: the NFT comes back', async () => {
    const scan = await findRescues(reader, creator.address)
    expect(scan.sources).toEqual({ algod: 'used', indexer: 'used' })
    expect(scan.managers).toContainEqual({ appId: market.appId, version: 1 })
    expect(summary(scan)).toEqual([{ kind: 'listing', appId: market.appId, amount: 5n * USDC }])
    expect(scan.items[0].foundBy).toBe('indexer')
    await rescueAll(creator, scan)
    expect(await h.state(market)).toMatchObject({ ask: 0n, owner: null })
    expect((await h.holdings(creator.address, market)).nft).toBe(1n)
    expect((await findRescues(reader, creator.address)).items).toEqual([])
  })

  it('finds a bid from local state and cancels it: the USDC comes back', async () => {
    const b = await bidder(market, 2n * USDC)
    const scan = await findRescues(reader, b.address)
    expect(summary(scan)).toEqual([{ kind: 'bid', appId: market.appId, amount: 2n * USDC }])
    expect(scan.items[0]).toMatchObject({ optedIn: true, canReceive: true, foundBy: 'local-state' })
    const before = await h.holdings(b.address, market)
    await rescueAll(b, scan)
    const after = await h.holdings(b.address, market)
    expect(after.usdc - before.usdc).toBe(2n * USDC)
    expect(after.algos - before.algos).toBe(BID_BOX_MIN_BALANCE - 3_000n)
    expect((await h.bidBoxes(market)).has(b.address)).toBe(false)
  })

  it('finds the bid box of a bidder who cleared its local state, opts in again and cancels', async () => {
    const b = await bidder(market, 3n * USDC)
    const params = await h.params()
    await h.send(buildAppClearState({ account: b.address, appId: market.appId, params }), b)
    expect(await h.localBid(b.address, market)).toBeUndefined()
    const scan = await findRescues(reader, b.address)
    expect(summary(scan)).toEqual([{ kind: 'bid', appId: market.appId, amount: 3n * USDC }])
    expect(scan.items[0]).toMatchObject({ optedIn: false, foundBy: 'indexer' })
    expect(planRescue(scan.items[0], b.address, params)).toHaveLength(2)
    const before = await h.holdings(b.address, market)
    await rescueAll(b, scan)
    expect((await h.holdings(b.address, market)).usdc - before.usdc).toBe(3n * USDC)
    expect((await h.bidBoxes(market)).has(b.address)).toBe(false)
    expect((await h.state(market)).bidCount).toBe(0n)
  })
})

describe('rescue on v2', () => {
  let creator: Account
  let collaborator: Account
  let reseller: Account
  let market: Market

  beforeAll(async () => {
    creator = await h.account()
    collaborator = await h.accountWithoutUsdc()
    const royalty = {
      recipients: [
        { address: creator.address, share: 500n },
        { address: collaborator.address, share: 300n },
      ],
    }
    market = await h.market(creator, { version: 2, royalty })
    const first = await h.account()
    await h.optIn(first, market, { app: false })
    await list(creator, market, 10n * USDC)
    await buy(first, creator, market, 10n * USDC)
    // The resale pays the creator 5% and holds the collaborator's 3%: it has no USDC opt-in.
    reseller = await h.account()
    await h.optIn(reseller, market, { app: false })
    await list(first, market, 20n * USDC)
    await buy(reseller, first, market, 20n * USDC)
    await list(reseller, market, 30n * USDC)
  }, 30_000)

  it('finds the royalty held for a recipient without USDC, opts it in and claims', async () => {
    expect((await h.state(market)).royalty?.[1]).toMatchObject({ held: 600_000n })
    const scan = await findRescues(reader, collaborator.address)
    expect(summary(scan)).toEqual([{ kind: 'royalty', appId: market.appId, amount: 600_000n }])
    expect(scan.items[0]).toMatchObject({ canReceive: false, foundBy: 'indexer' })
    await rescueAll(collaborator, scan)
    expect((await h.holdings(collaborator.address, market)).usdc).toBe(600_000n)
    expect((await h.state(market)).royalty?.[1]).toMatchObject({ held: 0n })
    expect(await h.holdings(h.escrow(market), market)).toMatchObject({ usdc: 0n })
  })

  it('finds a listing and a bid and frees both', async () => {
    const b = await bidder(market, 4n * USDC)
    const listing = await findRescues(reader, reseller.address)
    expect(summary(listing)).toEqual([{ kind: 'listing', appId: market.appId, amount: 30n * USDC }])
    await rescueAll(reseller, listing)
    expect((await h.holdings(reseller.address, market)).nft).toBe(1n)
    const bid = await findRescues(reader, b.address)
    expect(summary(bid)).toEqual([{ kind: 'bid', appId: market.appId, amount: 4n * USDC }])
    const before = await h.holdings(b.address, market)
    await rescueAll(b, bid)
    expect((await h.holdings(b.address, market)).usdc - before.usdc).toBe(4n * USDC)
    expect(await h.holdings(h.escrow(market), market)).toMatchObject({ usdc: 0n, nft: 0n })
  })
})

describe('rescue on v3', () => {
  it('cancels an auction without a bid: the NFT comes back', async () => {
    const seller = await h.account()
    const market = await h.market(seller, { version: 3 })
    await h.send(await startAuction(h, market, seller, { reserve: 7n * USDC }), seller)
    const scan = await findRescues(reader, seller.address)
    expect(summary(scan)).toEqual([{ kind: 'auction', appId: market.appId, amount: 7n * USDC }])
    await rescueAll(seller, scan)
    expect((await h.holdings(seller.address, market)).nft).toBe(1n)
    expect((await h.state(market)).auction).toBeNull()
  })

  it('says an auction with a bid is settled by anyone, and withdraws a refund held for an outbid bidder who left USDC', async () => {
    const seller = await h.account()
    const market = await h.market(seller, { version: 3 })
    await h.send(await startAuction(h, market, seller), seller)
    const [first, second] = [await h.account(), await h.account()]
    for (const b of [first, second]) await h.optIn(b, market, { app: false })
    await h.send(await auctionBid(h, market, first, 10n * USDC), first)
    // The first bidder leaves USDC: its refund cannot be pushed, so the app holds it in a box.
    await closeUsdc(h, first)
    await h.send(await auctionBid(h, market, second, 12n * USDC), second)
    expect(await heldOf(h, market, first.address)).toBe(10n * USDC)

    const sellers = await findRescues(reader, seller.address)
    expect(sellers.items).toEqual([])
    expect(sellers.unchecked.join(' ')).toMatch(
      /at auction with a bid; after the end anyone settles/,
    )

    const scan = await findRescues(reader, first.address)
    expect(summary(scan)).toEqual([{ kind: 'held', appId: market.appId, amount: 10n * USDC }])
    expect(scan.items[0].canReceive).toBe(false)
    // It opts in to USDC again first, then withdraws the USDC and the box's deposit.
    await rescueAll(first, scan)
    expect((await h.holdings(first.address, market)).usdc).toBe(10n * USDC)
    expect(await heldOf(h, market, first.address)).toBeUndefined()
    expect((await findRescues(reader, first.address)).items).toEqual([])
  })
})

describe('rescue without an indexer', () => {
  it('says what it could not check, and finds an added app id', async () => {
    const creator = await h.account()
    const market = await h.market(creator)
    await list(creator, market, 1n * USDC)
    const algodOnly = algosdkReader(h.algod)
    const blind = await findRescues(algodOnly, creator.address)
    expect(blind.items).toEqual([])
    expect(blind.sources.indexer).toBe('not configured')
    expect(blind.unchecked.join(' ')).toMatch(/indexer/)
    const added = await findRescues(algodOnly, creator.address, [market.appId, 999_999_999n])
    expect(summary(added)).toEqual([{ kind: 'listing', appId: market.appId, amount: 1n * USDC }])
    expect(added.items[0].foundBy).toBe('added')
    expect(added.unchecked.join(' ')).toMatch(/App 999999999: algod does not know it/)
  })

  it('refuses an account that is not an address', async () => {
    await expect(findRescues(reader, 'not-an-address')).rejects.toThrow(/not an Algorand address/)
  })
})
