/**
 * Property test of contract v3's auctions: random sequences of open offers, auction starts, bids
 * (around the minimum next bid), time moves, settles, cancels, withdrawals of held refunds and
 * accounts leaving and rejoining USDC, by the staff creator and four users on one v3 market with a
 * royalty (one recipient outside USDC, so cuts are held). After every step, on the chain alone:
 * - escrow USDC = open offers + the held auction bid + unclaimed royalties + held refunds;
 * - escrow Algos = its min balance (boxes included) + one deposit while an auction bid is held;
 * - exactly one auction bid is held (AV > 0 iff AH is set) and only while an auction runs, with
 *   the NFT in escrow, O set and A = 0; the NFT is in exactly one place;
 * - a refused group changes nothing, and an auction bid the rules accept is accepted.
 * fast-check prints the seed and the sequence of a failure.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  AUCTION_DEPOSIT,
  buildAssetOptIn,
  buildBid,
  buildCancelAuction,
  buildWithdrawHeld,
  minNextBid,
  type Market,
} from '../src/index.js'
import {
  Clock,
  HOUR,
  USDC,
  auctionBid,
  canReceiveUsdc,
  closeUsdc,
  heldBoxes,
  settleAuction,
  startAuction,
} from './auction.js'
import { Harness, type Account } from './harness.js'
import { snapshot as watch } from './adversarial/helpers.js'

const USERS = 5 // index 0 is the staff creator
const RUNS = 12

let h: Harness
let clock: Clock
beforeAll(async () => {
  h = await Harness.start()
  clock = new Clock(h)
  await clock.freeze()
})
afterAll(async () => {
  await h.stop()
})

type Action =
  /** `who` null: whoever holds the NFT (in its wallet, or as O in escrow). */
  | {
      readonly op: 'start'
      readonly who: number | null
      readonly reserve: bigint
      readonly bp: boolean
    }
  | { readonly op: 'auctionBid'; readonly who: number; readonly delta: bigint }
  | { readonly op: 'offer'; readonly who: number; readonly amount: bigint }
  | { readonly op: 'advance'; readonly seconds: bigint }
  | {
      readonly op: 'settle' | 'cancel' | 'rejoinUsdc'
      readonly who: number
    }
  /** `who` null: the highest auction bidder, or the seller when no bid is held. */
  | { readonly op: 'leaveUsdc'; readonly who: number | null }
  /** `who` null: the first user holding a refund. */
  | { readonly op: 'withdraw'; readonly who: number | null }

const user = fc.integer({ min: 0, max: USERS - 1 })
const actions: fc.Arbitrary<Action[]> = fc.array(
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        op: fc.constant('start' as const),
        who: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: user }),
        reserve: fc.bigInt({ min: 1n, max: 20n }).map((n) => n * USDC),
        bp: fc.boolean(),
      }),
    },
    {
      weight: 6,
      arbitrary: fc.record({
        op: fc.constant('auctionBid' as const),
        who: user,
        delta: fc.oneof(
          { weight: 4, arbitrary: fc.bigInt({ min: 0n, max: 3n * USDC }) },
          { weight: 1, arbitrary: fc.bigInt({ min: -USDC, max: -1n }) },
        ),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        op: fc.constant('offer' as const),
        who: user,
        amount: fc.bigInt({ min: 0n, max: 5n }).map((n) => n * USDC),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({ op: fc.constant('settle' as const), who: user }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('leaveUsdc' as const),
        who: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: user }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        op: fc.constant('withdraw' as const),
        who: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: user }),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        op: fc.constant('advance' as const),
        seconds: fc.constantFrom(60n, 600n, 899n, HOUR, 2n * HOUR),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        op: fc.constantFrom('cancel' as const, 'rejoinUsdc' as const),
        who: user,
      }),
    },
  ),
  { minLength: 10, maxLength: 24 },
)

const sum = (xs: Iterable<bigint>): bigint => [...xs].reduce((a, b) => a + b, 0n)

/** The invariants, read from the chain alone. */
async function checkInvariants(market: Market, users: readonly string[], context: string) {
  const state = await h.state(market)
  const escrow = await h.algod.accountInformation(h.escrow(market)).do()
  const holding = (info: typeof escrow, id: bigint) =>
    info.assets?.find((a) => a.assetId === id)?.amount ?? 0n
  const offers = await h.bidBoxes(market)
  const held = await heldBoxes(h, market)
  const auction = state.auction ?? null
  const bid = auction?.highestBid ?? 0n
  const royalties = sum((state.royalty ?? []).map((r) => r.held))
  expect(holding(escrow, market.usdcId), `escrow USDC ${context}`).toBe(
    sum(offers.values()) + bid + royalties + sum(held.values()),
  )
  expect(escrow.amount, `escrow Algos ${context}`).toBe(
    escrow.minBalance + (bid > 0n ? AUCTION_DEPOSIT : 0n),
  )
  expect(bid > 0n, `one auction bid held iff a highest bidder ${context}`).toBe(
    auction?.highestBidder != null,
  )
  expect(state.bidCount, `global B ${context}`).toBe(BigInt(offers.size))
  if (auction !== null) {
    expect(state.owner, `an auction without a seller ${context}`).not.toBeNull()
    expect(state.ask, `an ask during an auction ${context}`).toBe(0n)
    expect(auction.end === 0n, `the clock runs iff a bid is held ${context}`).toBe(bid === 0n)
  }
  const places = await Promise.all(
    users.map(async (a) => holding(await h.algod.accountInformation(a).do(), market.nftId)),
  )
  expect(sum([...places, holding(escrow, market.nftId)]), `the NFT ${context}`).toBe(1n)
  expect(state.owner !== null, `O and the escrow's NFT ${context}`).toBe(
    holding(escrow, market.nftId) === 1n,
  )
}

/** Sends a group: ok if confirmed, not ok with algod's message if refused (HTTP 400). */
async function submit(signed: Uint8Array[]): Promise<{ ok: boolean; message: string }> {
  try {
    await h.sendSigned(signed)
    return { ok: true, message: '' }
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    if (!message.includes('Received status 400')) throw e
    return { ok: false, message }
  }
}

async function setup(): Promise<{ market: Market; keys: Account[] }> {
  const keys: Account[] = []
  for (let i = 0; i < USERS; i++) keys.push(await h.account(10_000_000n, 1_000n * USDC))
  const outsider = await h.accountWithoutUsdc()
  const royalty = {
    recipients: [
      { address: keys[0].address, share: 400n },
      { address: keys[4].address, share: 200n },
      { address: outsider.address, share: 300n },
    ],
  }
  const market = await h.market(keys[0], { version: 3, royalty })
  for (const k of keys.slice(1)) await h.optIn(k, market)
  await h.optIn(keys[0], market, { nft: false })
  return { market, keys }
}

/** The group an action sends, built honestly from the chain's state; null when none can be. */
async function groupOf(action: Action, market: Market, keys: Account[]) {
  const params = await h.params()
  const state = await h.state(market)
  const who = await actor(action, market, keys)
  switch (action.op) {
    case 'start':
      return startAuction(h, market, who, {
        reserve: action.reserve,
        duration: HOUR,
        raiseBp: action.bp ? 500n : 0n,
        raiseMin: action.bp ? 0n : USDC,
        fromEscrow: state.owner === who.address,
      })
    case 'auctionBid': {
      if (state.auction == null) return null
      const amount = minNextBid(state.auction) + action.delta
      if (amount <= state.auction.highestBid) return null
      return auctionBid(h, market, who, amount)
    }
    case 'offer': {
      const current = (await h.bidBoxes(market)).get(who.address) ?? 0n
      if (current === action.amount) return null
      const g = { bidder: who.address, market, currentBid: current, newBid: action.amount, params }
      return buildBid(g)
    }
    case 'settle':
      return state.auction?.highestBidder == null ? null : settleAuction(h, market, who)
    case 'cancel':
      return buildCancelAuction({ market, seller: who.address, params })
    case 'withdraw': {
      const held = (await heldBoxes(h, market)).get(who.address)
      return held === undefined
        ? null
        : buildWithdrawHeld({ market, account: who.address, amount: held, params })
    }
    default:
      return null
  }
}

/** Whether the app's rules accept this auction bid now (and the bidder can pay it). */
async function bidAcceptable(market: Market, bidder: Account, amount: bigint): Promise<boolean> {
  const state = await h.state(market)
  const auction = state.auction
  if (auction == null) return false
  const now = await clock.now()
  const info = await h.algod.accountInformation(bidder.address).do()
  const usdc = info.assets?.find((a) => a.assetId === market.usdcId)
  return (
    (auction.end === 0n || now < auction.end) &&
    amount >= minNextBid(auction) &&
    bidder.address !== state.owner &&
    (info.assets?.some((a) => a.assetId === market.nftId) ?? false) &&
    !(await heldBoxes(h, market)).has(bidder.address) &&
    usdc !== undefined &&
    usdc.amount >= amount
  )
}

/**
 * Who acts: the action's user; for a start by "the holder", whoever holds the NFT; for leaving
 * USDC, the highest auction bidder (or the seller); for a withdrawal, the first holding a refund.
 */
async function actor(action: Action, market: Market, keys: Account[]): Promise<Account> {
  if (!('who' in action)) return keys[0]
  if (action.who !== null) return keys[action.who]
  if (action.op === 'withdraw') {
    const held = await heldBoxes(h, market)
    return keys.find((k) => held.has(k.address)) ?? keys[0]
  }
  const state = await h.state(market)
  const top = state.auction?.highestBidder
  const owner = action.op === 'leaveUsdc' && top != null ? top : state.owner
  for (const k of keys) {
    if (k.address === owner || (await h.holdings(k.address, market)).nft === 1n) return k
  }
  return keys[0]
}

async function run(steps: Action[]): Promise<void> {
  const { market, keys } = await setup()
  const users = keys.map((k) => k.address)
  await checkInvariants(market, users, 'after setup')
  const trace: string[] = []
  for (const [i, action] of steps.entries()) {
    const who = await actor(action, market, keys)
    let result = { ok: true, message: '' }
    if (action.op === 'advance') await clock.advance(action.seconds)
    else if (action.op === 'leaveUsdc') {
      if (await canReceiveUsdc(h, who.address)) await closeUsdc(h, who)
    } else if (action.op === 'rejoinUsdc') {
      if (!(await canReceiveUsdc(h, who.address))) {
        const params = await h.params()
        await h.send(buildAssetOptIn({ account: who.address, assetId: h.usdcId, params }), who)
        await h.kit.giveUsdc(who.address, 1_000n * USDC)
      }
    } else {
      const g = await groupOf(action, market, keys)
      if (g === null) continue
      const expected =
        action.op === 'auctionBid'
          ? await bidAcceptable(market, who, g.terms.amount ?? 0n)
          : undefined
      const before = await watch(h, market, users)
      result = await submit(h.sign(g, who))
      if (expected !== undefined) {
        expect(
          result.ok,
          `auction bid ${show(action)}: ${result.message}\n${trace.join('\n')}`,
        ).toBe(expected)
      }
      if (!result.ok)
        expect(await watch(h, market, users), 'a refused group moved something').toEqual(before)
    }
    trace.push(`${i}: ${show(action)} -> ${result.ok ? 'ok' : 'refused'}`)
    await checkInvariants(market, users, `after step ${i}:\n${trace.join('\n')}\n${result.message}`)
  }
}

const show = (x: unknown): string =>
  JSON.stringify(x, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))

it('v3: escrow = offers + the auction bid + royalties + held refunds, one auction bid at a time', async () => {
  await fc.assert(fc.asyncProperty(actions, run), { numRuns: RUNS, endOnFailure: true })
}, 600_000)
