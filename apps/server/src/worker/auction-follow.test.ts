import { decodeGlobalDelta } from '@unica/contracts'
import algosdk from 'algosdk'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { FollowedAuction } from '../db/repositories/assets.js'
import { applyAuctionChange, auctionEndAfter } from './auction-follow.js'

type Value = bigint | Uint8Array | null
const KEYS = ['AR', 'AD', 'AP', 'AM', 'AE', 'AV', 'AH'] as const
const account = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((b) => ({ bytes: b, address: algosdk.encodeAddress(b) }))
const uint = fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }))

/** A call's global delta: some of the auction's keys (set, or deleted), and other keys. */
const delta = fc
  .array(
    fc.oneof(
      fc.tuple(
        fc.constantFrom('AR', 'AD', 'AP', 'AM', 'AE', 'AV'),
        fc.oneof(uint, fc.constant(null)),
      ),
      fc.tuple(
        fc.constant('AH'),
        fc.oneof(
          account.map((a) => a.bytes as Value),
          fc.constant(new Uint8Array(0) as Value),
          fc.constant(null),
        ),
      ),
      fc.tuple(fc.constantFrom('A', 'O', 'B'), uint),
    ),
    { maxLength: 9 },
  )
  .map((entries) => new Map<string, Value>(entries))

/** The follower's path: the reading's decoded state change, applied to the auction kept. */
const applyAuctionDelta = (current: FollowedAuction | null, delta: ReadonlyMap<string, Value>) =>
  applyAuctionChange(current, decodeGlobalDelta(delta).auction)

/** The model: the manager's global state, key by key, and the auction it describes. */
function auctionOf(state: ReadonlyMap<string, Value>): FollowedAuction | null {
  const u = (k: string): bigint => {
    const v = state.get(k)
    return typeof v === 'bigint' ? v : 0n
  }
  if (u('AR') === 0n) return null
  const ah = state.get('AH')
  const small = (k: string) => Number(u(k) < 2n ** 31n - 1n ? u(k) : 2n ** 31n - 1n)
  return {
    reserve: u('AR'),
    duration: small('AD'),
    raiseBp: small('AP'),
    raiseMin: u('AM'),
    end: u('AE'),
    bid: u('AV'),
    bidder:
      ah instanceof Uint8Array && ah.length === 32 && ah.some((b) => b !== 0)
        ? algosdk.encodeAddress(ah)
        : null,
  }
}

/** The global state a followed auction stands for (none: every key 0 or empty). */
function stateOf(a: FollowedAuction | null): Map<string, Value> {
  const bidder = a?.bidder ?? null
  return new Map<string, Value>([
    ['AR', a?.reserve ?? 0n],
    ['AD', BigInt(a?.duration ?? 0)],
    ['AP', BigInt(a?.raiseBp ?? 0)],
    ['AM', a?.raiseMin ?? 0n],
    ['AE', a?.end ?? 0n],
    ['AV', a?.bid ?? 0n],
    ['AH', bidder === null ? new Uint8Array(0) : algosdk.decodeAddress(bidder).publicKey],
  ])
}

const followed: fc.Arbitrary<FollowedAuction | null> = fc.option(
  fc.record({
    reserve: fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }),
    duration: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    raiseBp: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    raiseMin: uint,
    end: uint,
    bid: uint,
    bidder: fc.option(account.map((a) => a.address)),
  }),
)

describe('applyAuctionDelta', () => {
  it('is the auction of the global state after the delta, whatever the state and delta', () => {
    fc.assert(
      fc.property(followed, delta, (current, d) => {
        const state = stateOf(current)
        for (const [k, v] of d) if ((KEYS as readonly string[]).includes(k)) state.set(k, v)
        const expected = KEYS.some((k) => d.has(k)) ? auctionOf(state) : current
        expect(applyAuctionDelta(current, d)).toEqual(expected)
      }),
    )
  })

  it('reads a start, a bid and the settlement', () => {
    const bidder = new Uint8Array(32).fill(2)
    const started = applyAuctionDelta(
      null,
      new Map<string, Value>([
        ['AR', 10n],
        ['AD', 3600n],
        ['AP', 500n],
        ['AM', 0n],
        ['AE', 0n],
        ['AV', 0n],
        ['AH', new Uint8Array(0)],
      ]),
    )
    expect(started).toEqual({
      reserve: 10n,
      duration: 3600,
      raiseBp: 500,
      raiseMin: 0n,
      end: 0n,
      bid: 0n,
      bidder: null,
    })
    const bid = applyAuctionDelta(
      started,
      new Map<string, Value>([
        ['AE', 1_800_000_000n],
        ['AV', 12n],
        ['AH', bidder],
      ]),
    )
    expect(bid).toMatchObject({
      end: 1_800_000_000n,
      bid: 12n,
      bidder: algosdk.encodeAddress(bidder),
    })
    // Unrelated keys (an open offer's B) leave it as it is.
    expect(applyAuctionDelta(bid, new Map<string, Value>([['B', 1n]]))).toBe(bid)
    // Settled or cancelled: AR back to 0 (or deleted).
    expect(applyAuctionDelta(bid, new Map<string, Value>([['AR', 0n]]))).toBeNull()
    expect(applyAuctionDelta(bid, new Map<string, Value>([['AR', null]]))).toBeNull()
  })
})

// A bid's counterparty and a settlement's royalty come from the reading (@unica/contracts
// read-confirmed.test.ts); what the follower adds is the end an auction bid records.
describe('auctionEndAfter', () => {
  const running: FollowedAuction = {
    reserve: 10n,
    duration: 3600,
    raiseBp: 500,
    raiseMin: 1n,
    end: 1_800_000_000n,
    bid: 100n,
    bidder: algosdk.generateAccount().addr.toString(),
  }

  it('is the end after an auction bid; none before the clock starts or for other calls', () => {
    const after = { ...running, end: 1_800_000_900n }
    expect(auctionEndAfter('AUCTION_BID', after)).toEqual(new Date(1_800_000_900_000))
    expect(auctionEndAfter('AUCTION_BID', { ...running, end: 0n })).toBeNull()
    expect(auctionEndAfter('AUCTION_SETTLE', null)).toBeNull()
    expect(auctionEndAfter('AUCTION_WITHDRAW', running)).toBeNull()
    expect(auctionEndAfter('BID', running)).toBeNull()
  })
})
