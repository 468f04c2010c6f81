import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import { heldBoxKey } from './builders/group.js'
import {
  decodeBid,
  decodeBidBox,
  decodeGlobalDelta,
  decodeHeldBox,
  decodeManagerGlobal,
  readBidBox,
  readHeldBox,
} from './state.js'

const key = (k: string): Uint8Array => new TextEncoder().encode(k)
const uint = (k: string, v: bigint): algosdk.modelsv2.TealKeyValue =>
  new algosdk.modelsv2.TealKeyValue({
    key: key(k),
    value: new algosdk.modelsv2.TealValue({ type: 2, uint: v, bytes: new Uint8Array() }),
  })
const bytes = (k: string, v: Uint8Array): algosdk.modelsv2.TealKeyValue =>
  new algosdk.modelsv2.TealKeyValue({
    key: key(k),
    value: new algosdk.modelsv2.TealValue({ type: 1, uint: 0n, bytes: v }),
  })

describe('decodeManagerGlobal', () => {
  const owner = algosdk.generateAccount().addr
  it('decodes every key, zero addresses as null', () => {
    const state = decodeManagerGlobal([
      uint('A', 500n),
      bytes('O', owner.publicKey),
      bytes('E', new Uint8Array(32)),
      uint('U', 1001n),
      uint('N', 1002n),
      bytes('C', owner.publicKey),
      uint('B', 3n),
    ])
    expect(state).toEqual({
      ask: 500n,
      owner: owner.toString(),
      escrow: null,
      usdcId: 1001n,
      nftId: 1002n,
      creator: owner.toString(),
      bidCount: 3n,
    })
  })

  it('decodes a running auction (v3), and none when AR is 0', () => {
    const bidder = algosdk.generateAccount().addr
    const running = [
      uint('AR', 100n),
      uint('AD', 3600n),
      uint('AP', 500n),
      uint('AM', 0n),
      uint('AE', 1_700_000_000n),
      uint('AV', 150n),
      bytes('AH', bidder.publicKey),
    ]
    expect(decodeManagerGlobal(running).auction).toEqual({
      reserve: 100n,
      duration: 3600n,
      raiseBp: 500n,
      raiseMin: 0n,
      end: 1_700_000_000n,
      highestBid: 150n,
      highestBidder: bidder.toString(),
    })
    // Before the first bid AH is absent or empty: no bidder.
    const fresh = decodeManagerGlobal([uint('AR', 100n), bytes('AH', new Uint8Array())])
    expect(fresh.auction).toMatchObject({ end: 0n, highestBid: 0n, highestBidder: null })
    expect(decodeManagerGlobal([uint('AR', 0n), uint('AV', 5n)]).auction).toBeNull()
    // v1 and v2 apps have no AR at all.
    expect(decodeManagerGlobal([uint('A', 5n)]).auction).toBeUndefined()
  })

  it('treats missing or mistyped keys as empty', () => {
    expect(decodeManagerGlobal([bytes('A', new Uint8Array([1])), uint('O', 5n)])).toMatchObject({
      ask: 0n,
      owner: null,
    })
  })
})

describe('bids', () => {
  it('reads local B, 0 when absent', () => {
    expect(decodeBid([uint('B', 42n)])).toBe(42n)
    expect(decodeBid(undefined)).toBe(0n)
    expect(decodeBid([])).toBe(0n)
  })

  it('decodes a bid box and refuses anything else', () => {
    const bidder = algosdk.generateAccount().addr
    expect(decodeBidBox(bidder.publicKey, algosdk.encodeUint64(7n))).toEqual({
      bidder: bidder.toString(),
      bid: 7n,
    })
    expect(() => decodeBidBox(new Uint8Array(3), algosdk.encodeUint64(7n))).toThrow(RangeError)
  })
})

describe('held refund boxes (v3)', () => {
  it('decodes "a" + address and refuses anything else', () => {
    const account = algosdk.generateAccount().addr
    const name = new Uint8Array([0x61, ...account.publicKey])
    expect(decodeHeldBox(name, algosdk.encodeUint64(9n))).toEqual({
      account: account.toString(),
      amount: 9n,
    })
    expect(() => decodeHeldBox(account.publicKey, algosdk.encodeUint64(9n))).toThrow(RangeError)
    const wrongPrefix = new Uint8Array([0x62, ...account.publicKey])
    expect(() => decodeHeldBox(wrongPrefix, algosdk.encodeUint64(9n))).toThrow(RangeError)
    expect(() => decodeHeldBox(name, new Uint8Array(7))).toThrow(RangeError)
  })
})

describe('decodeGlobalDelta', () => {
  const [a, b] = Array.from({ length: 2 }, () => algosdk.generateAccount().addr)
  const slot = (address: algosdk.Address, share: bigint) =>
    new Uint8Array([...address.publicKey, ...algosdk.encodeUint64(share)])

  it('decodes only what the call wrote, as the typed fields of the global state', () => {
    const configure = new Map<string, bigint | Uint8Array | null>([
      ['E', b.publicKey],
      ['R0', slot(a, 500n)],
      ['R1', new Uint8Array()],
      ['R2', slot(b, 250n)],
    ])
    expect(decodeGlobalDelta(configure, 2)).toEqual({
      escrow: b.toString(),
      royalty: [
        { address: a.toString(), share: 500n },
        { address: b.toString(), share: 250n },
      ],
    })
    // v1 has no royalty slots: its description does not read them.
    expect(decodeGlobalDelta(configure, 1)).toEqual({ escrow: b.toString() })
  })

  it('reads a deleted key as its empty value, the zero address as null, held and auction fields', () => {
    const settle = new Map<string, bigint | Uint8Array | null>([
      ['A', null],
      ['O', new Uint8Array(32)],
      ['H1', 7n],
      ['AR', 0n],
      ['AV', 0n],
      ['AH', new Uint8Array()],
      ['Z', 1n],
    ])
    expect(decodeGlobalDelta(settle)).toEqual({
      ask: 0n,
      owner: null,
      held: [{ slot: 1, amount: 7n }],
      auction: { reserve: 0n, highestBid: 0n, highestBidder: null },
    })
    expect(decodeGlobalDelta(new Map())).toEqual({})
  })
})

describe('readBidBox and readHeldBox', () => {
  it('answer null for the other kind of box', () => {
    const account = algosdk.generateAccount().addr
    const amount = algosdk.encodeUint64(3n)
    expect(readBidBox(account.publicKey, amount)).toEqual({ bidder: account.toString(), bid: 3n })
    expect(readBidBox(heldBoxKey(account.toString()), amount)).toBeNull()
    expect(readHeldBox(account.publicKey, amount)).toBeNull()
    expect(readHeldBox(heldBoxKey(account.toString()), amount)).toEqual({
      account: account.toString(),
      amount: 3n,
    })
  })
})
