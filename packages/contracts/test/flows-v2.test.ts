/**
 * Contract v2 on the devnet through algod: every operation's happy path with a royalty split. The
 * creator's own sale pays no royalty; a resale (buy now, sell now from the wallet or from escrow)
 * pays each recipient floor(price × share / 10000) and the seller the rest; a recipient who cannot
 * receive USDC has its cut held until it claims. Opcode costs must equal the README's v2 table.
 */
import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import {
  BID_BOX_MIN_BALANCE,
  ESCROW_FUNDING,
  PROXY_FUNDING_V2,
  buildAppCloseOut,
  buildAssetOptIn,
  buildBid,
  buildBuyNow,
  buildCancelAsk,
  buildChangeAsk,
  buildClaim,
  buildConfigure,
  buildDeploy,
  buildListAsk,
  buildSellNow,
  proxyAddress,
  royaltySplit,
  type Market,
  type Royalty,
} from '../src/index.js'
import { Harness, useHarness, type Account } from './harness.js'
import { expectDocumentedCosts } from './readme-costs.js'

let h: Harness
const measured = new Map<string, number>()
const USDC = 1_000_000n
useHarness((started) => {
  h = started
})

const params = (): Promise<algosdk.SuggestedParams> => h.params()

/** Creator 5% and a collaborator 3%. */
async function split(creator: Account): Promise<{ royalty: Royalty; collaborator: Account }> {
  const collaborator = await h.account()
  const royalty = {
    recipients: [
      { address: creator.address, share: 500n },
      { address: collaborator.address, share: 300n },
    ],
  }
  return { royalty, collaborator }
}

/** `account` bids `bid` on `market` (opted in to the app and the NFT first). */
async function bidder(market: Market, bid: bigint, name?: string): Promise<Account> {
  const b = await h.account()
  await h.optIn(b, market)
  const g = buildBid({
    bidder: b.address,
    market,
    currentBid: 0n,
    newBid: bid,
    params: await params(),
  })
  await (name === undefined ? h.send(g, b) : h.sendMeasured(measured, name, g, b))
  return b
}

const usdcOf = async (a: string, market: Market): Promise<bigint> =>
  (await h.holdings(a, market)).usdc

describe('v2 setup', () => {
  it('deploys through a proxy bound to the creator and configures the royalty split', async () => {
    const staff = await h.account()
    const { royalty, collaborator } = await split(staff)
    const nftId = await h.createNft(staff)
    const proxyId = 987654
    const deploy = buildDeploy({
      creator: staff.address,
      proxyId,
      usdcId: h.usdcId,
      nftId,
      params: await params(),
      version: 2,
    })
    await h.sendMeasured(measured, 'v2-deploy', deploy, staff)
    const created = await h.algod.pendingTransactionInformation(deploy.txns[1].txID()).do()
    const appId = created.applicationIndex ?? 0n
    // The proxy is bound to its creator: another creator's proxy of the same id is elsewhere.
    const proxy = await h.algod.accountInformation(proxyAddress(proxyId, staff.address)).do()
    expect(proxy.amount).toBe(PROXY_FUNDING_V2)
    expect(proxy.minBalance).toBe(PROXY_FUNDING_V2)
    expect(proxyAddress(proxyId, collaborator.address)).not.toBe(
      proxyAddress(proxyId, staff.address),
    )

    const market: Market = { appId, nftId, usdcId: h.usdcId, version: 2 }
    const configure = buildConfigure({
      creator: staff.address,
      ...market,
      royalty,
      params: await params(),
    })
    await h.sendMeasured(measured, 'v2-configure', configure, staff)
    const state = await h.state(market)
    expect(state.escrow).toBe(h.escrow(market))
    expect(state.royalty).toEqual([
      { address: staff.address, share: 500n, held: 0n },
      { address: collaborator.address, share: 300n, held: 0n },
    ])
    expect((await h.algod.accountInformation(h.escrow(market)).do()).amount).toBe(ESCROW_FUNDING)
  })

  it('configures without a royalty: every sale pays the seller in full', async () => {
    const staff = await h.account()
    const market = await h.market(staff, { version: 2 })
    expect((await h.state(market)).royalty).toEqual([])
    const buyer = await h.account()
    await h.optIn(buyer, market, { app: false })
    await h.send(
      buildListAsk({ seller: staff.address, market, price: 10n * USDC, params: await params() }),
      staff,
    )
    await h.send(
      buildBuyNow({
        buyer: buyer.address,
        owner: staff.address,
        market,
        price: 10n * USDC,
        currentBid: 0n,
        params: await params(),
      }),
      buyer,
    )
    const relist = { seller: buyer.address, market, price: 20n * USDC, params: await params() }
    await h.send(buildListAsk(relist), buyer)
    const next = await h.account()
    await h.optIn(next, market, { app: false })
    const before = await usdcOf(buyer.address, market)
    await h.send(
      buildBuyNow({
        buyer: next.address,
        owner: buyer.address,
        market,
        price: 20n * USDC,
        currentBid: 0n,
        params: await params(),
      }),
      next,
    )
    expect((await usdcOf(buyer.address, market)) - before).toBe(20n * USDC)
  }, 30_000)
})

describe('v2 trades with a royalty', () => {
  it('asks and bids as v1: list, change, cancel; bid, raise, lower, cancel, close out', async () => {
    const staff = await h.account()
    const market = await h.market(staff, { version: 2, royalty: (await split(staff)).royalty })
    const p = await params()
    await h.sendMeasured(
      measured,
      'v2-list',
      buildListAsk({ seller: staff.address, market, price: 5n * USDC, params: p }),
      staff,
    )
    await h.sendMeasured(
      measured,
      'v2-change-price',
      buildChangeAsk({ seller: staff.address, market, price: 6n * USDC, params: p }),
      staff,
    )
    await h.sendMeasured(
      measured,
      'v2-cancel-ask',
      buildCancelAsk({ seller: staff.address, market, params: p }),
      staff,
    )
    expect(await h.state(market)).toMatchObject({ ask: 0n, owner: null })
    expect((await h.holdings(staff.address, market)).nft).toBe(1n)

    const b = await bidder(market, 2n * USDC, 'v2-bid-first')
    const bid = (currentBid: bigint, newBid: bigint) =>
      buildBid({ bidder: b.address, market, currentBid, newBid, params: p })
    await h.sendMeasured(measured, 'v2-bid-raise', bid(2n * USDC, 3n * USDC), b)
    await h.sendMeasured(measured, 'v2-bid-lower', bid(3n * USDC, 1n * USDC), b)
    expect(await usdcOf(h.escrow(market), market)).toBe(1n * USDC)
    const before = await h.holdings(b.address, market)
    await h.sendMeasured(measured, 'v2-bid-cancel', bid(1n * USDC, 0n), b)
    const after = await h.holdings(b.address, market)
    expect(after.usdc - before.usdc).toBe(1n * USDC)
    expect(after.algos - before.algos).toBe(BID_BOX_MIN_BALANCE - 3_000n)
    await h.sendMeasured(
      measured,
      'v2-close-out',
      buildAppCloseOut({ account: b.address, appId: market.appId, params: p }),
      b,
    )
    expect(await h.state(market)).toMatchObject({ bidCount: 0n })
  }, 30_000)

  it("pays no royalty on the creator's sale, then the split on every resale", async () => {
    const staff = await h.account()
    const { royalty, collaborator } = await split(staff)
    const market = await h.market(staff, { version: 2, royalty })
    const p = await params()

    // 1. The creator sells: no royalty (buy now, no bid).
    const first = await h.account()
    await h.optIn(first, market)
    await h.send(
      buildListAsk({ seller: staff.address, market, price: 100n * USDC, params: p }),
      staff,
    )
    const staffBefore = await usdcOf(staff.address, market)
    await h.sendMeasured(
      measured,
      'v2-buy-now-from-creator',
      buildBuyNow({
        buyer: first.address,
        owner: staff.address,
        market,
        price: 100n * USDC,
        currentBid: 0n,
        params: p,
      }),
      first,
    )
    expect((await usdcOf(staff.address, market)) - staffBefore).toBe(100n * USDC)

    // 2. A resale from the wallet by sell now: 5% to the creator, 3% to the collaborator.
    const second = await bidder(market, 200n * USDC)
    const balances = async (...who: Account[]) =>
      Promise.all(who.map((a) => usdcOf(a.address, market)))
    let [s0, c0, f0] = await balances(staff, collaborator, first)
    await h.sendMeasured(
      measured,
      'v2-sell-now-from-wallet',
      buildSellNow({
        seller: first.address,
        buyer: second.address,
        market,
        bid: 200n * USDC,
        fromEscrow: false,
        params: p,
      }),
      first,
    )
    let [s1, c1, f1] = await balances(staff, collaborator, first)
    const cut = royaltySplit(200n * USDC, royalty, false)
    expect([s1 - s0, c1 - c0, f1 - f0]).toEqual([...cut.cuts, cut.seller])
    expect(cut.seller).toBe(184n * USDC)

    // 3. From escrow by sell now.
    await h.send(
      buildListAsk({ seller: second.address, market, price: 999n * USDC, params: p }),
      second,
    )
    const third = await bidder(market, 333_333_333n)
    ;[s0, c0, f0] = await balances(staff, collaborator, second)
    await h.sendMeasured(
      measured,
      'v2-sell-now-from-escrow',
      buildSellNow({
        seller: second.address,
        buyer: third.address,
        market,
        bid: 333_333_333n,
        fromEscrow: true,
        params: p,
      }),
      second,
    )
    ;[s1, c1, f1] = await balances(staff, collaborator, second)
    const odd = royaltySplit(333_333_333n, royalty, false)
    expect([s1 - s0, c1 - c0, f1 - f0]).toEqual([...odd.cuts, odd.seller])
    expect(odd.cuts).toEqual([16_666_666n, 9_999_999n])
    expect((await h.holdings(third.address, market)).nft).toBe(1n)

    // 4. Buy now with a bid above the ask (refund) from the new owner.
    await h.send(
      buildListAsk({ seller: third.address, market, price: 50n * USDC, params: p }),
      third,
    )
    const fourth = await bidder(market, 60n * USDC)
    ;[s0, c0, f0] = await balances(staff, collaborator, third)
    const fourthBefore = await usdcOf(fourth.address, market)
    await h.sendMeasured(
      measured,
      'v2-buy-now-refunding-bid',
      buildBuyNow({
        buyer: fourth.address,
        owner: third.address,
        market,
        price: 50n * USDC,
        currentBid: 60n * USDC,
        params: p,
      }),
      fourth,
    )
    ;[s1, c1, f1] = await balances(staff, collaborator, third)
    const fifty = royaltySplit(50n * USDC, royalty, false)
    expect([s1 - s0, c1 - c0, f1 - f0]).toEqual([...fifty.cuts, fifty.seller])
    expect((await usdcOf(fourth.address, market)) - fourthBefore).toBe(10n * USDC)

    // 5. Buy now topping up a lower bid.
    await h.send(
      buildListAsk({ seller: fourth.address, market, price: 40n * USDC, params: p }),
      fourth,
    )
    const fifth = await bidder(market, 10n * USDC)
    ;[s0, c0, f0] = await balances(staff, collaborator, fourth)
    await h.sendMeasured(
      measured,
      'v2-buy-now-topping-up-bid',
      buildBuyNow({
        buyer: fifth.address,
        owner: fourth.address,
        market,
        price: 40n * USDC,
        currentBid: 10n * USDC,
        params: p,
      }),
      fifth,
    )
    ;[s1, c1, f1] = await balances(staff, collaborator, fourth)
    const forty = royaltySplit(40n * USDC, royalty, false)
    expect([s1 - s0, c1 - c0, f1 - f0]).toEqual([...forty.cuts, forty.seller])
    // Nothing stays behind in escrow: no bids, nothing held.
    expect(await usdcOf(h.escrow(market), market)).toBe(0n)
  }, 60_000)

  it('holds the cut of a recipient without USDC until it claims it', async () => {
    const staff = await h.account()
    const away = await h.accountWithoutUsdc()
    const royalty = { recipients: [{ address: away.address, share: 1_000n }] }
    const market = await h.market(staff, { version: 2, royalty })
    const p = await params()
    const first = await h.account()
    await h.optIn(first, market, { app: false })
    await h.send(
      buildListAsk({ seller: staff.address, market, price: 10n * USDC, params: p }),
      staff,
    )
    await h.send(
      buildBuyNow({
        buyer: first.address,
        owner: staff.address,
        market,
        price: 10n * USDC,
        currentBid: 0n,
        params: p,
      }),
      first,
    )
    await h.send(
      buildListAsk({ seller: first.address, market, price: 30n * USDC, params: p }),
      first,
    )
    const second = await h.account()
    await h.optIn(second, market, { app: false })
    const before = await usdcOf(first.address, market)
    await h.sendMeasured(
      measured,
      'v2-buy-now',
      buildBuyNow({
        buyer: second.address,
        owner: first.address,
        market,
        price: 30n * USDC,
        currentBid: 0n,
        params: p,
      }),
      second,
    )
    // The sale went through; the seller got 90%, the recipient's 10% is held.
    expect((await usdcOf(first.address, market)) - before).toBe(27n * USDC)
    expect((await h.state(market)).royalty).toEqual([
      { address: away.address, share: 1_000n, held: 3n * USDC },
    ])
    expect(await usdcOf(h.escrow(market), market)).toBe(3n * USDC)

    // Later, without any server: the recipient opts in to USDC and claims.
    await h.send(buildAssetOptIn({ account: away.address, assetId: h.usdcId, params: p }), away)
    await h.sendMeasured(
      measured,
      'v2-claim',
      buildClaim({ recipient: away.address, market, amount: 3n * USDC, params: p }),
      away,
    )
    expect(await usdcOf(away.address, market)).toBe(3n * USDC)
    expect((await h.state(market)).royalty).toEqual([
      { address: away.address, share: 1_000n, held: 0n },
    ])
    expect(await usdcOf(h.escrow(market), market)).toBe(0n)
  }, 30_000)
})

describe('the README', () => {
  it('lists the opcode cost each v2 operation measured here', () => {
    expectDocumentedCosts(measured)
  })
})
