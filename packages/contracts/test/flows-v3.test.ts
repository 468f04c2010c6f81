/**
 * Contract v3 on the devnet through algod: every auction operation's happy path, with the block
 * clock moved by the dev-mode timestamp offset. Start from the wallet and from a listing, cancel
 * before a bid, bids refunding the previous highest one in the same group, the first bid starting
 * the clock and a late bid moving the end, settlement by a third party paying royalties, a refund
 * held for a bidder without USDC and withdrawn, open offers during an auction. Opcode costs must
 * equal the README's v3 table.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import {
  AUCTION_DEPOSIT,
  AUCTION_EXTENSION,
  PROXY_FUNDING_V3,
  buildAssetOptIn,
  buildBid,
  buildBuyNow,
  buildCancelAuction,
  buildDeploy,
  buildListAsk,
  buildWithdrawHeld,
  minNextBid,
  proxyAddress,
  royaltySplit,
  type Market,
  type Royalty,
} from '../src/index.js'
import { Harness, useHarness, type Account } from './harness.js'
import {
  Clock,
  HOUR,
  USDC,
  auctionBid,
  closeUsdc,
  heldOf,
  settleAuction,
  startAuction,
} from './auction.js'
import { expectDocumentedCosts } from './readme-costs.js'

let h: Harness
let clock: Clock
const measured = new Map<string, number>()
useHarness((started) => {
  h = started
  clock = new Clock(h)
})
// Time stands still unless a test moves it (also when one test runs alone).
beforeAll(() => clock.freeze())

const usdcOf = async (a: string, market: Market): Promise<bigint> =>
  (await h.holdings(a, market)).usdc
const algosOf = async (a: string): Promise<bigint> =>
  (await h.algod.accountInformation(a).do()).amount

/** A v3 market with the creator at 5% and a collaborator at 3%. */
async function v3Market(staff: Account): Promise<{ market: Market; collaborator: Account }> {
  const collaborator = await h.account()
  const royalty: Royalty = {
    recipients: [
      { address: staff.address, share: 500n },
      { address: collaborator.address, share: 300n },
    ],
  }
  return { market: await h.market(staff, { version: 3, royalty }), collaborator }
}

/** A bidder opted in to the NFT (not to the app: auction bids need no app opt-in). */
async function auctionBidder(market: Market): Promise<Account> {
  const b = await h.account()
  await h.optIn(b, market, { app: false })
  return b
}

/** The buyer of the creator's NFT: the creator sells it at 1 USDC so it can be resold. */
async function owner(market: Market, staff: Account): Promise<Account> {
  const o = await h.account()
  await h.optIn(o, market, { app: false })
  const p = await h.params()
  await h.send(buildListAsk({ seller: staff.address, market, price: 1n * USDC, params: p }), staff)
  await h.send(
    buildBuyNow({
      buyer: o.address,
      owner: staff.address,
      market,
      price: 1n * USDC,
      currentBid: 0n,
      params: p,
    }),
    o,
  )
  return o
}

describe('v3 setup', () => {
  it('deploys through a proxy bound to the creator, with the larger schema and an extra page', async () => {
    const staff = await h.account()
    const nftId = await h.createNft(staff)
    const deploy = buildDeploy({
      creator: staff.address,
      proxyId: 4242,
      usdcId: h.usdcId,
      nftId,
      params: await h.params(),
      version: 3,
    })
    await h.sendMeasured(measured, 'v3-deploy', deploy, staff)
    const proxy = await h.algod.accountInformation(proxyAddress(4242, staff.address, 3)).do()
    expect(proxy.amount).toBe(PROXY_FUNDING_V3)
    expect(proxy.minBalance).toBe(PROXY_FUNDING_V3)
    // v2's proxy of the same id and creator is another address: it only creates manager v2.
    expect(proxyAddress(4242, staff.address, 2)).not.toBe(proxyAddress(4242, staff.address, 3))
  }, 30_000)
})

describe('v3 auctions', () => {
  it('starts from the wallet and cancels before any bid', async () => {
    const staff = await h.account()
    const { market } = await v3Market(staff)
    await h.sendMeasured(measured, 'v3-auction-start', await startAuction(h, market, staff), staff)
    const state = await h.state(market)
    expect(state).toMatchObject({ owner: staff.address, ask: 0n })
    expect(state.auction).toEqual({
      reserve: 10n * USDC,
      duration: 24n * HOUR,
      raiseBp: 500n,
      raiseMin: 1n * USDC,
      end: 0n,
      highestBid: 0n,
      highestBidder: null,
    })
    expect((await h.holdings(h.escrow(market), market)).nft).toBe(1n)
    const cancel = buildCancelAuction({ market, seller: staff.address, params: await h.params() })
    expect(cancel.fee).toBe(2_000n)
    await h.sendMeasured(measured, 'v3-auction-cancel', cancel, staff)
    expect(await h.state(market)).toMatchObject({ owner: null, ask: 0n, auction: null })
    expect((await h.holdings(staff.address, market)).nft).toBe(1n)
  }, 30_000)

  it('starts from a listing: the ask ends, the NFT stays in escrow', async () => {
    const staff = await h.account()
    const { market } = await v3Market(staff)
    const p = await h.params()
    await h.send(
      buildListAsk({ seller: staff.address, market, price: 50n * USDC, params: p }),
      staff,
    )
    await h.sendMeasured(
      measured,
      'v3-auction-start-from-listing',
      await startAuction(h, market, staff, { fromEscrow: true }),
      staff,
    )
    const state = await h.state(market)
    expect(state).toMatchObject({ owner: staff.address, ask: 0n })
    expect(state.auction?.reserve).toBe(10n * USDC)
  }, 30_000)

  it('bids refund the previous one, the clock starts and extends, a third party settles with royalties', async () => {
    const staff = await h.account()
    const { market, collaborator } = await v3Market(staff)
    const seller = await owner(market, staff)
    await h.send(await startAuction(h, market, seller, { reserve: 100n * USDC }), seller)
    const [alice, bob, carol, settler] = await Promise.all([
      auctionBidder(market),
      auctionBidder(market),
      auctionBidder(market),
      h.account(),
    ])
    const escrow = h.escrow(market)
    const escrowAlgos0 = await algosOf(escrow)

    // Alice's first bid at the reserve starts the clock: end = now + duration.
    const t0 = await clock.now()
    const aliceUsdc = await usdcOf(alice.address, market)
    await h.sendMeasured(
      measured,
      'v3-auction-bid-first',
      await auctionBid(h, market, alice, 100n * USDC),
      alice,
    )
    let auction = (await h.state(market)).auction!
    expect(auction).toMatchObject({ highestBid: 100n * USDC, highestBidder: alice.address })
    expect(auction.end).toBe(t0 + 24n * HOUR)
    expect(await algosOf(escrow)).toBe(escrowAlgos0 + AUCTION_DEPOSIT)
    // The minimum next bid: 100 + max(5%, 1 USDC) = 105 USDC.
    expect(minNextBid(auction)).toBe(105n * USDC)

    // Bob outbids: Alice gets her 100 USDC and her deposit back in Bob's group.
    const aliceAlgos = await algosOf(alice.address)
    const bobBid = await auctionBid(h, market, bob, 105n * USDC)
    expect(bobBid.fee).toBe(1_000n + 1_000n + 3_000n)
    await h.sendMeasured(measured, 'v3-auction-bid-outbid', bobBid, bob)
    expect(await usdcOf(alice.address, market)).toBe(aliceUsdc)
    expect((await algosOf(alice.address)) - aliceAlgos).toBe(AUCTION_DEPOSIT)
    auction = (await h.state(market)).auction!
    expect(auction).toMatchObject({ highestBid: 105n * USDC, highestBidder: bob.address })
    // Not in the last 15 minutes: the end did not move.
    expect(auction.end).toBe(t0 + 24n * HOUR)
    // Exactly one auction bid (and one deposit) held.
    expect(await usdcOf(escrow, market)).toBe(105n * USDC)
    expect(await algosOf(escrow)).toBe(escrowAlgos0 + AUCTION_DEPOSIT)

    // Ten minutes before the end, Carol bids: the end moves to 15 minutes after her block.
    await clock.advance(24n * HOUR - 600n)
    const t1 = await clock.now()
    await h.sendMeasured(
      measured,
      'v3-auction-bid-extending',
      await auctionBid(h, market, carol, 200n * USDC),
      carol,
    )
    auction = (await h.state(market)).auction!
    expect(auction.end).toBe(t1 + AUCTION_EXTENSION)

    // At the end, a third party settles: NFT to Carol, 5% + 3% royalties, the rest to the seller,
    // Carol's deposit back.
    await clock.advance(AUCTION_EXTENSION)
    const before = await Promise.all(
      [staff, collaborator, seller].map((a) => usdcOf(a.address, market)),
    )
    const carolAlgos = await algosOf(carol.address)
    const settlerAlgos = await algosOf(settler.address)
    const settle = await settleAuction(h, market, settler)
    // NFT, two royalties, the seller, the deposit: 1 + 5 minimum fees.
    expect(settle.fee).toBe(6_000n)
    await h.sendMeasured(measured, 'v3-auction-settle', settle, settler)
    const after = await Promise.all(
      [staff, collaborator, seller].map((a) => usdcOf(a.address, market)),
    )
    const cut = royaltySplit(
      200n * USDC,
      {
        recipients: [
          { address: staff.address, share: 500n },
          { address: collaborator.address, share: 300n },
        ],
      },
      false,
    )
    expect(after.map((a, i) => a - before[i])).toEqual([...cut.cuts, cut.seller])
    expect((await h.holdings(carol.address, market)).nft).toBe(1n)
    expect((await algosOf(carol.address)) - carolAlgos).toBe(AUCTION_DEPOSIT)
    // The settler paid only the fee.
    expect(settlerAlgos - (await algosOf(settler.address))).toBe(6_000n)
    expect(await h.state(market)).toMatchObject({ owner: null, ask: 0n, auction: null })
    expect(await usdcOf(escrow, market)).toBe(0n)
    expect(await algosOf(escrow)).toBe(escrowAlgos0)
  }, 60_000)

  it('holds the refund of a bidder who left USDC, who withdraws it later', async () => {
    const staff = await h.account()
    const { market } = await v3Market(staff)
    await h.send(await startAuction(h, market, staff), staff)
    const [griefer, honest] = await Promise.all([auctionBidder(market), auctionBidder(market)])
    await h.send(await auctionBid(h, market, griefer, 10n * USDC), griefer)
    // The griefer empties and closes its USDC holding, so no refund can reach it.
    await closeUsdc(h, griefer)
    const bid = await auctionBid(h, market, honest, 11n * USDC)
    expect(bid.fee).toBe(3_000n) // no inner transaction: the refund is held
    await h.sendMeasured(measured, 'v3-auction-bid-refund-held', bid, honest)
    expect(await heldOf(h, market, griefer.address)).toBe(10n * USDC)
    expect((await h.state(market)).auction?.highestBidder).toBe(honest.address)

    // Later it opts in again and withdraws its USDC and the box's deposit.
    const p = await h.params()
    await h.send(
      buildAssetOptIn({ account: griefer.address, assetId: h.usdcId, params: p }),
      griefer,
    )
    const algos = await algosOf(griefer.address)
    const withdraw = buildWithdrawHeld({
      market,
      account: griefer.address,
      amount: 10n * USDC,
      params: p,
    })
    expect(withdraw.fee).toBe(3_000n)
    await h.sendMeasured(measured, 'v3-withdraw-held', withdraw, griefer)
    expect(await usdcOf(griefer.address, market)).toBe(10n * USDC)
    expect((await algosOf(griefer.address)) - algos).toBe(AUCTION_DEPOSIT - 3_000n)
    expect(await heldOf(h, market, griefer.address)).toBeUndefined()
  }, 60_000)

  it('keeps open offers working during an auction', async () => {
    const staff = await h.account()
    const { market } = await v3Market(staff)
    await h.send(await startAuction(h, market, staff), staff)
    const offerer = await h.account()
    await h.optIn(offerer, market)
    const p = await h.params()
    const bid = (currentBid: bigint, newBid: bigint) =>
      buildBid({ bidder: offerer.address, market, currentBid, newBid, params: p })
    await h.send(bid(0n, 3n * USDC), offerer)
    await h.send(bid(3n * USDC, 4n * USDC), offerer)
    await h.send(bid(4n * USDC, 2n * USDC), offerer)
    expect(await h.bidBoxes(market)).toEqual(new Map([[offerer.address, 2n * USDC]]))
    await h.send(bid(2n * USDC, 0n), offerer)
    expect(await h.bidBoxes(market)).toEqual(new Map())
    expect((await h.state(market)).auction?.reserve).toBe(10n * USDC)
  }, 30_000)
})

describe('v3 settlement at its largest', () => {
  it("pays three recipients (v3's most), the seller and the deposit back within one call budget", async () => {
    const staff = await h.account()
    const others = await Promise.all([h.account(), h.account()])
    const royalty: Royalty = {
      recipients: [staff, ...others].map((a, i) => ({
        address: a.address,
        share: 300n + BigInt(i),
      })),
    }
    const market = await h.market(staff, { version: 3, royalty })
    const seller = await owner(market, staff)
    await h.send(await startAuction(h, market, seller, { duration: HOUR }), seller)
    const winner = await auctionBidder(market)
    await h.send(await auctionBid(h, market, winner, 777_777_777n), winner)
    await clock.advance(HOUR)
    const before = await Promise.all(
      [staff, ...others, seller].map((a) => usdcOf(a.address, market)),
    )
    const anyone = await h.account()
    const settle = await settleAuction(h, market, anyone)
    // NFT, 3 royalties, the seller, the deposit: 1 + 6 minimum fees.
    expect(settle.fee).toBe(7_000n)
    await h.sendMeasured(measured, 'v3-auction-settle-3-recipients', settle, anyone)
    const after = await Promise.all(
      [staff, ...others, seller].map((a) => usdcOf(a.address, market)),
    )
    const cut = royaltySplit(777_777_777n, royalty, false)
    expect(after.map((a, i) => a - before[i])).toEqual([...cut.cuts, cut.seller])
    expect((await h.holdings(winner.address, market)).nft).toBe(1n)
  }, 60_000)
})

describe('the README', () => {
  it('lists the opcode cost each v3 operation measured here', () => {
    expectDocumentedCosts(measured)
  })
})
