import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeUvarint, encodeUvarint } from './varuint.js'

describe('uvarint', () => {
  it('encodes as Go encoding/binary.PutUvarint does', () => {
    expect([...encodeUvarint(0n)]).toEqual([0])
    expect([...encodeUvarint(127n)]).toEqual([0x7f])
    expect([...encodeUvarint(128n)]).toEqual([0x80, 0x01])
    expect([...encodeUvarint(300n)]).toEqual([0xac, 0x02])
    expect([...encodeUvarint((1n << 64n) - 1n)]).toEqual([...new Array<number>(9).fill(0xff), 0x01])
  })
  it('round-trips every uint64, at any offset', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), fc.nat(5), (v, pad) => {
        const enc = encodeUvarint(v)
        const buf = new Uint8Array(pad + enc.length)
        buf.set(enc, pad)
        expect(decodeUvarint(buf, pad)).toEqual({ value: v, length: enc.length })
      }),
    )
  })
  it('rejects truncated input and values past 64 bits', () => {
    expect(decodeUvarint(Uint8Array.from([0x80]), 0)).toBeUndefined()
    expect(decodeUvarint(new Uint8Array(0), 0)).toBeUndefined()
    expect(
      decodeUvarint(Uint8Array.from([...new Array<number>(9).fill(0xff), 0x02]), 0),
    ).toBeUndefined()
    expect(decodeUvarint(new Uint8Array(11).fill(0x80), 0)).toBeUndefined()
  })
})
