/**
 * Every operation's happy path on the devnet through algod, for an owner holding the NFT and for an
 * NFT listed in escrow, with and without bids: balances, holdings and state after each step. The
 * opcode cost of each operation is measured by simulate and must equal the README's table.
 */
import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import {
  ASSET_MIN_BALANCE,
  BID_BOX_MIN_BALANCE,
  ESCROW_FUNDING,
  PROXY_FUNDING,
  buildAppCloseOut,
  buildBid,
  buildBuyNow,
  buildCancelAsk,
  buildChangeAsk,
  buildConfigure,
  buildCreateNft,
  buildDeploy,
  buildListAsk,
  buildSellNow,
  configureCost,
  createNftCost,
  deployCost,
  isMarketplaceNft,
  proxyAddress,
  type Market,
  type UnsignedGroup,
} from '../src/index.js'
import { Harness, useHarness, type Account } from './harness.js'
import { expectDocumentedCosts } from './readme-costs.js'

let h: Harness
const measured = new Map<string, number>()
useHarness((started) => {
  h = started
})

/** Sends a group after measuring its app calls' opcode cost under `name`. */
async function step(name: string, g: UnsignedGroup, ...keys: Account[]): Promise<void> {
  const signed = h.sign(g, ...keys)
  measured.set(name, await h.opcodeCost(signed))
  await h.sendSigned(signed)
}

const params = (): Promise<algosdk.SuggestedParams> => h.params()

function fail(message: string): never {
  throw new Error(message)
}

/** A market whose NFT the staff account holds; `seller` is a fresh account the NFT was sold to. */
async function marketWithOwner(): Promise<{ staff: Account; market: Market }> {
  const staff = await h.account()
  return { staff, market: await h.market(staff) }
}

async function bidder(market: Market, bid: bigint): Promise<Account> {
  const b = await h.account()
  await h.optIn(b, market)
  await h.send(
    buildBid({ bidder: b.address, market, currentBid: 0n, newBid: bid, params: await params() }),
    b,
  )
  return b
}

describe('staff setup', () => {
  it('creates the NFT, deploys through the proxy and configures the escrow', async () => {
    const staff = await h.account()
    const before = await h.algod.accountInformation(staff.address).do()

    const guid = 'a'.repeat(32)
    const create = buildCreateNft({
      creator: staff.address,
      unitName: 'UNI',
      assetName: 'Unica flows',
      url: 'https://unica.example/nft/flows',
      guid,
      description: 'flows',
      mediaUrl: 'https://unica.example/m.png',
      mimeType: 'image/png',
      params: await params(),
    })
    await h.sendSigned(h.sign(create, staff))
    const created = await h.algod.pendingTransactionInformation(create.txns[0].txID()).do()
    const nftId = created.assetIndex ?? 0n
    const asset = { params: (await h.algod.getAssetByID(nftId).do()).params ?? fail('no params') }
    expect(isMarketplaceNft(asset.params)).toBe(true)
    expect(asset.params.freeze).toBeUndefined()
    expect(asset.params.clawback).toBeUndefined()
    expect(new TextDecoder().decode(asset.params.metadataHash)).toBe(guid)
    const note = JSON.parse(new TextDecoder().decode(create.txns[0].note)) as Record<string, string>
    expect(note).toMatchObject({ standard: 'arc69', mime_type: 'image/png' })

    const proxyId = 123456789
    const deploy = buildDeploy({
      creator: staff.address,
      proxyId,
      usdcId: h.usdcId,
      nftId,
      version: 1,
      params: await params(),
    })
    await step('deploy', deploy, staff)
    const appId =
      (await h.algod.pendingTransactionInformation(deploy.txns[1].txID()).do()).applicationIndex ??
      0n
    const proxy = await h.algod.accountInformation(proxyAddress(proxyId)).do()
    // The proxy holds exactly the min balance of the app it created: nothing spare to take.
    expect(proxy.amount).toBe(PROXY_FUNDING)
    expect(proxy.minBalance).toBe(PROXY_FUNDING)
    const market = { appId, nftId, usdcId: h.usdcId }
    expect(await h.state(market)).toEqual({
      ask: 0n,
      owner: null,
      escrow: null,
      usdcId: h.usdcId,
      nftId,
      creator: staff.address,
      bidCount: 0n,
    })

    await step(
      'configure',
      buildConfigure({ creator: staff.address, ...market, version: 1, params: await params() }),
      staff,
    )
    expect((await h.state(market)).escrow).toBe(h.escrow(market))
    const escrow = await h.algod.accountInformation(h.escrow(market)).do()
    expect(escrow.amount).toBe(ESCROW_FUNDING)
    expect(escrow.minBalance).toBe(ESCROW_FUNDING)
    const holdings = new Map(escrow.assets?.map((a) => [a.assetId, a.amount]))
    expect(holdings).toEqual(
      new Map([
        [nftId, 0n],
        [h.usdcId, 0n],
      ]),
    )

    // The staff account paid exactly what the cost arithmetic says, and holds the NFT.
    const after = await h.algod.accountInformation(staff.address).do()
    const p = await params()
    const spent = [createNftCost(p), deployCost(p), configureCost(p)].reduce(
      (s, c) => s + c.fees,
      0n,
    )
    expect(before.amount - after.amount).toBe(spent + PROXY_FUNDING + ESCROW_FUNDING)
    expect(after.minBalance - before.minBalance).toBe(ASSET_MIN_BALANCE)
    expect((await h.holdings(staff.address, market)).nft).toBe(1n)
  })
})

describe('asks', () => {
  it('lists from the wallet, changes the price and cancels, the NFT moving to escrow and back', async () => {
    const { staff, market } = await marketWithOwner()
    const start = await h.holdings(staff.address, market)

    const list = buildListAsk({
      seller: staff.address,
      market,
      price: 250n,
      params: await params(),
    })
    await step('list', list, staff)
    expect(await h.state(market)).toMatchObject({ ask: 250n, owner: staff.address })
    expect((await h.holdings(h.escrow(market), market)).nft).toBe(1n)
    const listed = await h.holdings(staff.address, market)
    expect(listed.nft).toBe(0n)
    expect(start.algos - listed.algos).toBe(list.fee)

    await step(
      'change-price',
      buildChangeAsk({ seller: staff.address, market, price: 400n, params: await params() }),
      staff,
    )
    expect(await h.state(market)).toMatchObject({ ask: 400n, owner: staff.address })

    await step(
      'cancel-ask',
      buildCancelAsk({ seller: staff.address, market, params: await params() }),
      staff,
    )
    expect(await h.state(market)).toMatchObject({ ask: 0n, owner: null })
    expect((await h.holdings(staff.address, market)).nft).toBe(1n)
    expect((await h.holdings(h.escrow(market), market)).nft).toBe(0n)
    const escrow = await h.algod.accountInformation(h.escrow(market)).do()
    expect(escrow.amount).toBe(ESCROW_FUNDING)
  })
})

describe('bids', () => {
  it('bids, raises, lowers and cancels: only differences move, the box min balance comes back', async () => {
    const { market } = await marketWithOwner()
    const b = await h.account()
    await h.optIn(b, market)
    const start = await h.holdings(b.address, market)

    const first = buildBid({
      bidder: b.address,
      market,
      currentBid: 0n,
      newBid: 100n,
      params: await params(),
    })
    await step('bid-first', first, b)
    let now = await h.holdings(b.address, market)
    expect(start.usdc - now.usdc).toBe(100n)
    expect(start.algos - now.algos).toBe(first.fee + BID_BOX_MIN_BALANCE)
    expect(await h.localBid(b.address, market)).toBe(100n)
    expect(await h.bidBoxes(market)).toEqual(new Map([[b.address, 100n]]))
    expect((await h.state(market)).bidCount).toBe(1n)

    await step(
      'bid-raise',
      buildBid({
        bidder: b.address,
        market,
        currentBid: 100n,
        newBid: 180n,
        params: await params(),
      }),
      b,
    )
    now = await h.holdings(b.address, market)
    expect(start.usdc - now.usdc).toBe(180n)
    expect((await h.holdings(h.escrow(market), market)).usdc).toBe(180n)

    await step(
      'bid-lower',
      buildBid({
        bidder: b.address,
        market,
        currentBid: 180n,
        newBid: 60n,
        params: await params(),
      }),
      b,
    )
    now = await h.holdings(b.address, market)
    expect(start.usdc - now.usdc).toBe(60n)
    expect(await h.localBid(b.address, market)).toBe(60n)
    expect((await h.holdings(h.escrow(market), market)).usdc).toBe(60n)

    const before = await h.holdings(b.address, market)
    const cancel = buildBid({
      bidder: b.address,
      market,
      currentBid: 60n,
      newBid: 0n,
      params: await params(),
    })
    await step('bid-cancel', cancel, b)
    now = await h.holdings(b.address, market)
    expect(now.usdc).toBe(start.usdc)
    expect(now.algos - before.algos).toBe(BID_BOX_MIN_BALANCE - cancel.fee)
    expect(await h.localBid(b.address, market)).toBe(0n)
    expect(await h.bidBoxes(market)).toEqual(new Map())
    expect((await h.state(market)).bidCount).toBe(0n)
    const escrow = await h.algod.accountInformation(h.escrow(market)).do()
    expect(escrow.amount).toBe(ESCROW_FUNDING)

    await step(
      'close-out',
      buildAppCloseOut({ account: b.address, appId: market.appId, params: await params() }),
      b,
    )
    expect(await h.localBid(b.address, market)).toBeUndefined()
  })
})

describe('buy now', () => {
  const cases = [
    { name: 'buy-now', bid: 0n },
    { name: 'buy-now-topping-up-bid', bid: 300n },
    { name: 'buy-now-refunding-bid', bid: 900n },
  ]
  for (const { name, bid } of cases) {
    it(`buys a listed NFT with a bid of ${bid}: the owner gets the ask, the buyer the NFT and any excess`, async () => {
      const { staff, market } = await marketWithOwner()
      await h.send(
        buildListAsk({ seller: staff.address, market, price: 500n, params: await params() }),
        staff,
      )
      const other = await bidder(market, 50n)
      const buyer = bid > 0n ? await bidder(market, bid) : await h.account()
      if (bid === 0n) await h.optIn(buyer, market, { app: false })
      const b0 = await h.holdings(buyer.address, market)
      const s0 = await h.holdings(staff.address, market)

      const g = buildBuyNow({
        buyer: buyer.address,
        market,
        price: 500n,
        owner: staff.address,
        currentBid: bid,
        params: await params(),
      })
      await step(name, g, buyer)

      const b1 = await h.holdings(buyer.address, market)
      const s1 = await h.holdings(staff.address, market)
      expect(b1.nft).toBe(1n)
      expect(s1.usdc - s0.usdc).toBe(500n)
      expect(s1.algos).toBe(s0.algos)
      // The buyer pays the ask in all: what was already in escrow as a bid counts.
      expect(b0.usdc - b1.usdc).toBe(500n - bid)
      expect(b1.algos - b0.algos).toBe((bid > 0n ? BID_BOX_MIN_BALANCE : 0n) - g.fee)
      expect(await h.state(market)).toMatchObject({ ask: 0n, owner: null, bidCount: 1n })
      expect(await h.bidBoxes(market)).toEqual(new Map([[other.address, 50n]]))
      expect((await h.holdings(h.escrow(market), market)).usdc).toBe(50n)
      if (bid > 0n) expect(await h.localBid(buyer.address, market)).toBe(0n)
    })
  }
})

describe('sell now', () => {
  for (const fromEscrow of [false, true]) {
    const name = fromEscrow ? 'sell-now-from-escrow' : 'sell-now-from-wallet'
    it(`sells to the named bidder for their bid (${name})`, async () => {
      const { staff, market } = await marketWithOwner()
      if (fromEscrow) {
        await h.send(
          buildListAsk({ seller: staff.address, market, price: 900n, params: await params() }),
          staff,
        )
      }
      const low = await bidder(market, 200n)
      const high = await bidder(market, 700n)
      const s0 = await h.holdings(staff.address, market)
      const h0 = await h.holdings(high.address, market)

      const g = buildSellNow({
        seller: staff.address,
        buyer: high.address,
        bid: 700n,
        fromEscrow,
        market,
        params: await params(),
      })
      await step(name, g, staff)

      const s1 = await h.holdings(staff.address, market)
      const h1 = await h.holdings(high.address, market)
      expect(h1.nft).toBe(1n)
      expect(s1.nft).toBe(0n)
      expect(s1.usdc - s0.usdc).toBe(700n)
      expect(s0.algos - s1.algos).toBe(g.fee)
      expect(h1.usdc).toBe(h0.usdc)
      expect(h1.algos - h0.algos).toBe(BID_BOX_MIN_BALANCE)
      expect(await h.localBid(high.address, market)).toBe(0n)
      expect(await h.state(market)).toMatchObject({ ask: 0n, owner: null, bidCount: 1n })
      expect(await h.bidBoxes(market)).toEqual(new Map([[low.address, 200n]]))
      expect((await h.holdings(h.escrow(market), market)).usdc).toBe(200n)
    })
  }

  it('lets the new owner trade on: relist, and the remaining bidder buys', async () => {
    const { staff, market } = await marketWithOwner()
    const first = await bidder(market, 300n)
    await h.send(
      buildSellNow({
        seller: staff.address,
        buyer: first.address,
        bid: 300n,
        fromEscrow: false,
        market,
        params: await params(),
      }),
      staff,
    )
    await h.send(
      buildListAsk({ seller: first.address, market, price: 1000n, params: await params() }),
      first,
    )
    const second = await bidder(market, 400n)
    await h.send(
      buildBuyNow({
        buyer: second.address,
        market,
        price: 1000n,
        owner: first.address,
        currentBid: 400n,
        params: await params(),
      }),
      second,
    )
    expect((await h.holdings(second.address, market)).nft).toBe(1n)
    expect((await h.holdings(h.escrow(market), market)).usdc).toBe(0n)
  })
})

describe('the README', () => {
  it('lists the opcode cost each operation measured here', () => {
    expectDocumentedCosts(measured)
  })
})
