/** The end of one msgpack object, as the devnet's algod and the server's send_tx both need it. */
import { msgpackRawEncode } from 'algosdk'
import { describe, expect, it } from 'vitest'
import { msgpackObjectEnd } from './index.js'

describe('msgpackObjectEnd', () => {
  it('finds the end of every msgpack kind', () => {
    const values: unknown[] = [
      0,
      -1,
      127,
      255,
      65536,
      2n ** 40n,
      -(2n ** 40n),
      1.5,
      null,
      true,
      'x'.repeat(40),
      'y'.repeat(300),
      new Uint8Array(70000),
      [1, [2, [3]]],
      new Map<string, unknown>([['a', new Map([['b', [1, 2]]])]]),
      Array.from({ length: 20 }, (_, i) => i),
    ]
    for (const value of values) {
      const bytes = msgpackRawEncode(value)
      const padded = new Uint8Array([...bytes, 0xc0])
      expect(msgpackObjectEnd(padded, 0)).toBe(bytes.length)
    }
  })

  it('reports truncation and the never-used 0xc1 byte', () => {
    expect(() => msgpackObjectEnd(Uint8Array.of(0x92, 0x01), 0)).toThrow(/unexpected EOF/)
    expect(() => msgpackObjectEnd(Uint8Array.of(0xc4, 0x05, 1), 0)).toThrow(/unexpected EOF/)
    expect(() => msgpackObjectEnd(Uint8Array.of(0xdd, 0xff, 0xff, 0xff, 0xff), 0)).toThrow(
      /unexpected EOF/,
    )
    expect(() => msgpackObjectEnd(Uint8Array.of(0xc1), 0)).toThrow(/invalid byte descriptor 0xc1/)
  })

  it('walks deeply nested input without recursion', () => {
    const deep = new Uint8Array(1_000_001).fill(0x91)
    deep[deep.length - 1] = 0xc0
    expect(msgpackObjectEnd(deep, 0)).toBe(deep.length)
  })
})
