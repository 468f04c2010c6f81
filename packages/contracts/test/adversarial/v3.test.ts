/**
 * Contract v3's auctions under attack: bad terms, bids after the end, below the reserve or the
 * minimum raise, a refund pointed at another account, sniping in the last second, cancelling after
 * a bid, the ask's and sale's operations during an auction, settling early or twice, overflowing
 * amounts, and accounts that stop being able to receive (a griefer leaving USDC or closing its
 * account, a winner without the NFT's opt-in, a seller without USDC). Each refusal also shows that
 * nothing moved (`refused`).
 */
import algosdk from 'algosdk'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  AUCTION_DEPOSIT,
  AUCTION_EXTENSION,
  MAX_UINT64,
  buildAssetOptIn,
  buildAuctionBid,
  buildBuyNow,
  buildCancelAsk,
  buildCancelAuction,
  buildChangeAsk,
  buildConfigure,
  buildListAsk,
  buildSellNow,
  buildStartAuction,
  buildWithdrawHeld,
  encodeRoyalty,
  minNextBid,
  randomProxyId,
  type Market,
  type UnsignedGroup,
} from '../../src/index.js'
import { configureManager, deployManager } from '../../src/flows/index.js'
import {
  Clock,
  HOUR,
  USDC,
  auctionBid,
  closeUsdc,
  heldOf,
  settleAuction,
  startAuction,
} from '../auction.js'
import { Harness, useHarness, signWith, type Account } from '../harness.js'
import {
  bidder,
  clone,
  moveAsset,
  refused,
  regroup,
  setAccounts,
  setAmount,
  setArgs,
  setReceiver,
  tamper,
} from './helpers.js'

let h: Harness
let clock: Clock
useHarness((started) => {
  h = started
  clock = new Clock(h)
})
// Time stands still unless a test moves it (also when one test runs alone).
beforeAll(() => clock.freeze())

const T = 60_000

/** A tampered copy of `g`: `change` edits the copied transactions in place. */
const edit = (g: UnsignedGroup, change: (txns: algosdk.Transaction[]) => void): UnsignedGroup =>
  tamper(g, (txns) => {
    change(txns)
    return undefined
  })

function setSender(txn: algosdk.Transaction, to: string): void {
  ;(txn as unknown as { sender: algosdk.Address }).sender = algosdk.Address.fromString(to)
}
const u64 = (n: bigint): Uint8Array => algosdk.encodeUint64(n)

/** A v3 market (no royalty) with an auction started by its creator: reserve 10, 5% or 1 USDC. */
async function running(options: Parameters<typeof startAuction>[3] = {}) {
  const staff = await h.account()
  const market = await h.market(staff, { version: 3 })
  await h.send(await startAuction(h, market, staff, options), staff)
  return { staff, market }
}

async function auctionBidder(market: Market): Promise<Account> {
  const b = await h.account()
  await h.optIn(b, market, { app: false })
  return b
}

/** `bidder` bids `amount` (honestly built from the chain's state). */
async function bid(market: Market, who: Account, amount: bigint): Promise<void> {
  await h.send(await auctionBid(h, market, who, amount), who)
}

describe('starting an auction', () => {
  it(
    'refuses terms out of range, a second start and a start by someone else',
    async () => {
      const staff = await h.account()
      const market = await h.market(staff, { version: 3 })
      const honest = await startAuction(h, market, staff)
      const args = (reserve: bigint, duration: bigint, bp: bigint, min: bigint) =>
        edit(honest, (t) => {
          setArgs(t[1], [
            new TextEncoder().encode('AS'),
            u64(reserve),
            u64(duration),
            u64(bp),
            u64(min),
          ])
        })
      const bad: [bigint, bigint, bigint, bigint][] = [
        [0n, HOUR, 500n, 0n], // no reserve
        [1n, HOUR - 1n, 500n, 0n], // under an hour
        [1n, 7n * 24n * HOUR + 1n, 500n, 0n], // over 7 days
        [1n, HOUR, 499n, 0n], // raise under 5%
        [1n, HOUR, 10_001n, 0n], // raise over 100%
        [1n, HOUR, 0n, USDC - 1n], // absolute raise under 1 USDC
        [1n, HOUR, 0n, 0n], // no raise at all
      ]
      for (const [r, d, bp, min] of bad) {
        await refused(h, market, [staff], () => h.send(args(r, d, bp, min), staff))
      }
      // Missing the terms altogether.
      await refused(h, market, [staff], () =>
        h.send(
          edit(honest, (t) => {
            setArgs(t[1], [new TextEncoder().encode('AS'), u64(1n)])
          }),
          staff,
        ),
      )
      // The bounds themselves are accepted.
      await h.send(args(1n, 7n * 24n * HOUR, 10_000n, USDC), staff)
      // A second start while one runs, from escrow, by the owner.
      await refused(h, market, [staff], async () =>
        h.send(await startAuction(h, market, staff, { fromEscrow: true }), staff),
      )
      // Someone else cannot put the escrowed NFT up for auction.
      const other = await h.account()
      await refused(h, market, [staff, other], async () =>
        h.send(
          edit(await startAuction(h, market, staff, { fromEscrow: true }), (t) => {
            setSender(t[0], other.address)
          }),
          other,
        ),
      )
    },
    T,
  )
})

describe('bidding', () => {
  it(
    'refuses a bid below the reserve, below the minimum raise, by the seller or without the NFT opt-in',
    async () => {
      const { staff, market } = await running({
        reserve: 10n * USDC,
        raiseBp: 1_000n,
        raiseMin: USDC,
      })
      const alice = await auctionBidder(market)
      const bob = await auctionBidder(market)
      await refused(h, market, [alice], async () =>
        h.send(await auctionBid(h, market, alice, 10n * USDC - 1n), alice),
      )
      await bid(market, alice, 10n * USDC)
      // 10% of 10 USDC = 1 USDC = the absolute minimum: 11 USDC is the least next bid.
      expect(minNextBid((await h.state(market)).auction!)).toBe(11n * USDC)
      await refused(h, market, [alice, bob], async () =>
        h.send(await auctionBid(h, market, bob, 11n * USDC - 1n), bob),
      )
      await refused(h, market, [alice, staff], async () =>
        h.send(await auctionBid(h, market, staff, 20n * USDC), staff),
      )
      const stranger = await h.account() // not opted in to the NFT: could never receive it
      await refused(h, market, [alice, stranger], async () =>
        h.send(await auctionBid(h, market, stranger, 20n * USDC), stranger),
      )
      // A ceil: 10% of 11.000001 USDC is 1.1000001, so 12.100002 USDC is the least next bid.
      await bid(market, bob, 11n * USDC + 1n)
      expect(minNextBid((await h.state(market)).auction!)).toBe(12_100_002n)
      await refused(h, market, [alice, bob], async () =>
        h.send(await auctionBid(h, market, alice, 12_100_001n), alice),
      )
      await bid(market, alice, 12_100_002n)
    },
    T,
  )

  it(
    'refuses a refund pointed at another account and a deposit or USDC not as stated',
    async () => {
      const { market } = await running()
      const [alice, bob, thief] = await Promise.all([
        auctionBidder(market),
        auctionBidder(market),
        h.account(),
      ])
      // The first bid must name no previous bidder.
      await refused(h, market, [alice, thief], async () =>
        h.send(
          edit(await auctionBid(h, market, alice, 10n * USDC), (t) => {
            setAccounts(t[2], [thief.address])
          }),
          alice,
        ),
      )
      await bid(market, alice, 10n * USDC)
      const honest = await auctionBid(h, market, bob, 20n * USDC)
      const watched = [alice, bob, thief]
      // accounts[1] must be the highest bidder: the refund cannot go to the thief (or the bidder).
      for (const to of [thief.address, bob.address, algosdk.ALGORAND_ZERO_ADDRESS_STRING]) {
        await refused(h, market, watched, () =>
          h.send(
            edit(honest, (t) => {
              setAccounts(t[2], [to])
            }),
            bob,
          ),
        )
      }
      // The deposit: exactly AUCTION_DEPOSIT, to the escrow.
      await refused(h, market, watched, () =>
        h.send(
          edit(honest, (t) => {
            setAmount(t[0], AUCTION_DEPOSIT - 1n)
          }),
          bob,
        ),
      )
      await refused(h, market, watched, () =>
        h.send(
          edit(honest, (t) => {
            setReceiver(t[0], thief.address)
          }),
          bob,
        ),
      )
      // The USDC deposited must be the bid the call states.
      await refused(h, market, watched, () =>
        h.send(
          edit(honest, (t) => {
            setAmount(t[1], 20n * USDC - 1n)
          }),
          bob,
        ),
      )
      await refused(h, market, watched, () =>
        h.send(
          edit(honest, (t) => {
            setArgs(t[2], [new TextEncoder().encode('AB'), u64(21n * USDC)])
          }),
          bob,
        ),
      )
      // Without the deposit at all.
      await refused(h, market, watched, () =>
        h.send(regroup([clone(honest.txns[1]), clone(honest.txns[2])]), bob),
      )
      await h.send(honest, bob)
      expect((await h.state(market)).auction?.highestBidder).toBe(bob.address)
    },
    T,
  )

  it(
    'moves the end on a bid in the last second, and refuses a bid at or after the end',
    async () => {
      const { market } = await running({ duration: HOUR })
      const [alice, bob] = await Promise.all([auctionBidder(market), auctionBidder(market)])
      await bid(market, alice, 10n * USDC)
      const end = (await h.state(market)).auction!.end
      await clock.advance(end - (await clock.now()) - 1n)
      expect(await clock.now()).toBe(end - 1n)
      await bid(market, bob, 11n * USDC)
      const moved = (await h.state(market)).auction!.end
      expect(moved).toBe(end - 1n + AUCTION_EXTENSION)
      await clock.advance(moved - (await clock.now()))
      expect(await clock.now()).toBe(moved)
      await refused(h, market, [alice, bob], async () =>
        h.send(await auctionBid(h, market, alice, 50n * USDC), alice),
      )
      await clock.advance(HOUR)
      await refused(h, market, [alice, bob], async () =>
        h.send(await auctionBid(h, market, alice, 50n * USDC), alice),
      )
    },
    T,
  )

  it(
    'refuses any bid once the raise would overflow 64 bits',
    async () => {
      // A USDC stand-in with 2^64 - 1 units (the devnet's USDC has far fewer): the app only needs
      // an existing asset, so a market on it can hold the largest amounts.
      const staff = await h.account()
      const create = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
        sender: staff.address,
        total: MAX_UINT64,
        decimals: 0,
        defaultFrozen: false,
        suggestedParams: await h.params(),
      })
      await h.sendSigned([signWith(staff, create)])
      const big = (await h.algod.pendingTransactionInformation(create.txID()).do()).assetIndex!
      const nftId = await h.createNft(staff)
      const chain = h.flowChain(staff)
      const base = { creator: staff.address, nftId, usdcId: big, version: 3 as const }
      const { appId } = await deployManager(chain, { ...base, proxyId: randomProxyId() })
      await configureManager(chain, { ...base, appId })
      const market: Market = { appId, nftId, usdcId: big, version: 3 }
      const half = 1n << 63n
      await h.send(
        buildStartAuction({
          market,
          params: await h.params(),
          seller: staff.address,
          reserve: half,
          duration: HOUR,
          raiseBp: 10_000n,
          raiseMin: 0n,
          fromEscrow: false,
          usdcDecimals: 0,
        }),
        staff,
      )
      const whale = async (units: bigint): Promise<Account> => {
        const a = await h.account()
        await h.optIn(a, market, { app: false })
        const p = await h.params()
        await h.send(buildAssetOptIn({ account: a.address, assetId: big, params: p }), a)
        await moveAsset(h, staff, a.address, big, units)
        return a
      }
      const first = await whale(half)
      const second = await whale(MAX_UINT64 - half)
      await bid(market, first, half)
      // 2^63 + 100% of it = 2^64: one past the largest amount. Wrapped, it would be 0 and let any
      // bid through; the app refuses every one.
      const auction = (await h.state(market)).auction!
      expect(minNextBid(auction)).toBe(1n << 64n)
      // (The builder refuses a bid at or below the highest one: this group claims a lower one.)
      const attempt = buildAuctionBid({
        market,
        params: await h.params(),
        bidder: second.address,
        amount: MAX_UINT64 - half,
        previous: { bidder: first.address, bid: 1n, canReceiveUsdc: true },
      })
      await refused(h, market, [first, second], () => h.send(attempt, second))
      expect((await h.state(market)).auction?.highestBidder).toBe(first.address)
    },
    T,
  )
})

describe('what an auction refuses', () => {
  it(
    'refuses cancelling after a bid, and by anyone but the seller',
    async () => {
      const { staff, market } = await running()
      const alice = await auctionBidder(market)
      const cancel = buildCancelAuction({ market, seller: staff.address, params: await h.params() })
      await refused(h, market, [staff, alice], () =>
        h.send(
          edit(cancel, (t) => {
            setSender(t[0], alice.address)
          }),
          alice,
        ),
      )
      await bid(market, alice, 10n * USDC)
      await refused(h, market, [staff, alice], () => h.send(cancel, staff))
    },
    T,
  )

  it(
    'refuses buy now, sell now, changing and cancelling the ask during an auction',
    async () => {
      const staff = await h.account()
      const market = await h.market(staff, { version: 3 })
      const p = await h.params()
      await h.send(
        buildListAsk({ seller: staff.address, market, price: 50n * USDC, params: p }),
        staff,
      )
      await h.send(await startAuction(h, market, staff, { fromEscrow: true }), staff)
      const offerer = await bidder(h, market, 40n * USDC)
      const buyer = await h.account()
      await h.optIn(buyer, market, { app: false })
      const watched = [staff, offerer, buyer]
      // The ask ended (A = 0); a buy now at the old price, or any, is refused.
      for (const price of [50n * USDC, 1n]) {
        await refused(h, market, watched, () =>
          h.send(
            buildBuyNow({
              buyer: buyer.address,
              owner: staff.address,
              market,
              price,
              currentBid: 0n,
              params: p,
            }),
            buyer,
          ),
        )
      }
      await refused(h, market, watched, () =>
        h.send(
          buildSellNow({
            seller: staff.address,
            buyer: offerer.address,
            market,
            bid: 40n * USDC,
            fromEscrow: true,
            params: p,
          }),
          staff,
        ),
      )
      await refused(h, market, watched, () =>
        h.send(
          buildChangeAsk({ seller: staff.address, market, price: 60n * USDC, params: p }),
          staff,
        ),
      )
      await refused(h, market, watched, () =>
        h.send(buildCancelAsk({ seller: staff.address, market, params: p }), staff),
      )
    },
    T,
  )

  it(
    'refuses settling before the end, with the wrong amount or accounts, and twice',
    async () => {
      const { staff, market } = await running({ duration: HOUR })
      const [alice, anyone] = await Promise.all([auctionBidder(market), h.account()])
      await bid(market, alice, 10n * USDC)
      const watched = [staff, alice, anyone]
      // No bid yet is not the point here: before the end, the settle is refused.
      await refused(h, market, watched, async () =>
        h.send(await settleAuction(h, market, anyone), anyone),
      )
      const end = (await h.state(market)).auction!.end
      await clock.advance(end - (await clock.now()) - 1n)
      await refused(h, market, watched, async () =>
        h.send(await settleAuction(h, market, anyone), anyone),
      )
      await clock.advance(1n)
      const honest = await settleAuction(h, market, anyone)
      await refused(h, market, watched, () =>
        h.send(
          edit(honest, (t) => {
            setArgs(t[0], [new TextEncoder().encode('AZ'), u64(10n * USDC - 1n)])
          }),
          anyone,
        ),
      )
      await refused(h, market, watched, () =>
        h.send(
          edit(honest, (t) => {
            setAccounts(t[0], [anyone.address, staff.address])
          }),
          anyone,
        ),
      )
      await refused(h, market, watched, () =>
        h.send(
          edit(honest, (t) => {
            setAccounts(t[0], [alice.address, anyone.address])
          }),
          anyone,
        ),
      )
      await h.send(honest, anyone)
      expect((await h.holdings(alice.address, market)).nft).toBe(1n)
      await refused(h, market, watched, () =>
        h.send(
          edit(honest, (t) => {
            // Another note: the same settle as a new transaction, not a duplicate.
            ;(t[0] as unknown as { note: Uint8Array }).note = new Uint8Array([1])
          }),
          anyone,
        ),
      )
    },
    T,
  )
})

describe('accounts that stop being able to receive', () => {
  it(
    'a griefer who closes its account after bidding does not block the next bid; it withdraws later',
    async () => {
      const { market } = await running()
      const [griefer, honest] = await Promise.all([auctionBidder(market), auctionBidder(market)])
      await bid(market, griefer, 10n * USDC)
      // It leaves USDC and the NFT's opt-in, and closes its account: nothing can reach it.
      await closeUsdc(h, griefer)
      const p = await h.params()
      const optOut = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
        sender: griefer.address,
        receiver: griefer.address,
        closeRemainderTo: griefer.address,
        assetIndex: market.nftId,
        amount: 0n,
        suggestedParams: p,
      })
      await h.sendSigned([signWith(griefer, optOut)])
      const dispenser = (await h.account()).address
      const close = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: griefer.address,
        receiver: dispenser,
        closeRemainderTo: dispenser,
        amount: 0n,
        suggestedParams: p,
      })
      await h.sendSigned([signWith(griefer, close)])
      expect((await h.algod.accountInformation(griefer.address).do()).amount).toBe(0n)

      await bid(market, honest, 11n * USDC)
      expect(await heldOf(h, market, griefer.address)).toBe(10n * USDC)
      // While it holds a refund, it cannot bid again before withdrawing.
      const { kit } = h
      await kit.fund(griefer.address, 1_000_000n)
      await kit.optIn(griefer)
      await kit.giveUsdc(griefer.address, 100n * USDC)
      await h.optIn(griefer, market, { app: false })
      await refused(h, market, [griefer, honest], async () =>
        h.send(await auctionBid(h, market, griefer, 50n * USDC), griefer),
      )
      await refused(h, market, [griefer], () =>
        h.send(
          buildWithdrawHeld({
            market,
            account: griefer.address,
            amount: 10n * USDC - 1n,
            params: p,
          }),
          griefer,
        ),
      )
      const other = await h.account()
      await refused(h, market, [griefer, other], () =>
        h.send(
          buildWithdrawHeld({ market, account: other.address, amount: 10n * USDC, params: p }),
          other,
        ),
      )
      await h.send(
        buildWithdrawHeld({ market, account: griefer.address, amount: 10n * USDC, params: p }),
        griefer,
      )
      expect(await heldOf(h, market, griefer.address)).toBeUndefined()
      await bid(market, griefer, 50n * USDC)
    },
    T,
  )

  it(
    'a winner without the NFT opt-in: the NFT waits in escrow for it, the sale is paid',
    async () => {
      const { staff, market } = await running({ duration: HOUR })
      const winner = await auctionBidder(market)
      await bid(market, winner, 10n * USDC)
      const optOut = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
        sender: winner.address,
        receiver: winner.address,
        closeRemainderTo: winner.address,
        assetIndex: market.nftId,
        amount: 0n,
        suggestedParams: await h.params(),
      })
      await h.sendSigned([signWith(winner, optOut)])
      await clock.advance(HOUR)
      const before = (await h.holdings(staff.address, market)).usdc
      const anyone = await h.account()
      const settle = await settleAuction(h, market, anyone)
      expect(settle.variant.name).toBe('kept')
      await h.send(settle, anyone)
      expect((await h.holdings(staff.address, market)).usdc - before).toBe(10n * USDC)
      expect(await h.state(market)).toMatchObject({ owner: winner.address, ask: 0n, auction: null })
      // The winner opts in again and takes it with the ask's cancel (S 0).
      await h.optIn(winner, market, { app: false })
      await h.send(
        buildCancelAsk({ seller: winner.address, market, params: await h.params() }),
        winner,
      )
      expect((await h.holdings(winner.address, market)).nft).toBe(1n)
    },
    T,
  )

  it(
    'a seller without USDC at settlement: the proceeds are held, funded by the winner deposit',
    async () => {
      const { staff, market } = await running({ duration: HOUR })
      const winner = await auctionBidder(market)
      await bid(market, winner, 10n * USDC)
      await closeUsdc(h, staff)
      await clock.advance(HOUR)
      const winnerAlgos = (await h.algod.accountInformation(winner.address).do()).amount
      const anyone = await h.account()
      const settle = await settleAuction(h, market, anyone)
      expect(settle.fee).toBe(2_000n) // the NFT only: the proceeds are held, the deposit pays the box
      await h.send(settle, anyone)
      expect((await h.holdings(winner.address, market)).nft).toBe(1n)
      // The deposit stayed to pay the seller's box.
      expect((await h.algod.accountInformation(winner.address).do()).amount).toBe(winnerAlgos)
      expect(await heldOf(h, market, staff.address)).toBe(10n * USDC)
      const p = await h.params()
      await h.send(buildAssetOptIn({ account: staff.address, assetId: h.usdcId, params: p }), staff)
      await h.send(
        buildWithdrawHeld({ market, account: staff.address, amount: 10n * USDC, params: p }),
        staff,
      )
      expect((await h.holdings(staff.address, market)).usdc).toBe(10n * USDC)
      expect((await h.holdings(h.escrow(market), market)).usdc).toBe(0n)
    },
    T,
  )
})

describe('v3 royalties and the 8 resources of a settle', () => {
  it(
    'refuses four recipients at configuration (builder and app), takes three',
    async () => {
      const staff = await h.account()
      const nftId = await h.createNft(staff)
      const appId = await h.deploy(staff, nftId, undefined, 3)
      const market: Market = { appId, nftId, usdcId: h.usdcId, version: 3 }
      const recipients = await Promise.all([h.account(), h.account(), h.account(), h.account()])
      const split = (n: number) => ({
        recipients: recipients.slice(0, n).map((a) => ({ address: a.address, share: 100n })),
      })
      const configure = (n: number) =>
        buildConfigure({ creator: staff.address, ...market, royalty: split(n), params: p })
      const p = await h.params()
      expect(() => configure(4)).toThrow(/at most 3 recipients/)
      const honest = configure(3)
      await refused(h, market, [staff], () =>
        h.send(
          edit(honest, (t) => {
            // Four recipients, encoded as v2 takes them: the bytes a v3 builder never makes.
            setArgs(t[1], [new TextEncoder().encode('C'), encodeRoyalty(split(4), 2)])
          }),
          staff,
        ),
      )
      await h.send(honest, staff)
      expect((await h.state(market)).royalty).toHaveLength(3)
    },
    T,
  )

  it(
    'settles with three recipients and a seller without USDC: the proceeds are held',
    async () => {
      const staff = await h.account()
      const recipients = await Promise.all([h.account(), h.account()])
      const royalty = {
        recipients: [staff, ...recipients].map((a) => ({ address: a.address, share: 500n })),
      }
      const market = await h.market(staff, { version: 3, royalty })
      // A resale, so the royalty is due: the creator sells to the seller first.
      const seller = await bidder(h, market, USDC)
      await h.send(
        buildSellNow({
          seller: staff.address,
          buyer: seller.address,
          market,
          bid: USDC,
          fromEscrow: false,
          params: await h.params(),
        }),
        staff,
      )
      await h.send(await startAuction(h, market, seller, { duration: HOUR }), seller)
      const winner = await auctionBidder(market)
      await bid(market, winner, 100n * USDC)
      await closeUsdc(h, seller)
      await clock.advance(HOUR)
      const anyone = await h.account()
      const settle = await settleAuction(h, market, anyone)
      // winner, seller, 3 recipients, NFT, USDC and the seller's box: the most a call may name.
      const call = settle.txns[0].applicationCall!
      expect(call.accounts.length + call.foreignAssets.length + call.boxes.length).toBe(8)
      const before = await Promise.all(
        [staff, ...recipients].map((a) => h.holdings(a.address, market)),
      )
      await h.send(settle, anyone)
      const after = await Promise.all(
        [staff, ...recipients].map((a) => h.holdings(a.address, market)),
      )
      expect(after.map((a, i) => a.usdc - before[i].usdc)).toEqual(
        [5n, 5n, 5n].map((x) => x * USDC),
      )
      expect(await heldOf(h, market, seller.address)).toBe(85n * USDC)
      expect((await h.holdings(winner.address, market)).nft).toBe(1n)
    },
    T,
  )
})
