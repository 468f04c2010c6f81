import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import { decodeBid, decodeBidBox, decodeManagerGlobal } from './state.js'

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
