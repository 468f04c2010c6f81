import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import { decodeBid, decodeBidBox, decodeHeldBox, decodeManagerGlobal } from './state.js'

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
