import { describe, expect, it } from 'vitest'
import {
  encodeStruct,
  fixed,
  flag,
  list,
  MsgpackWriter,
  slice,
  struct,
  text,
  uint,
} from './msgpack.js'

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex')
const write = (f: (w: MsgpackWriter) => void): string => {
  const w = new MsgpackWriter()
  f(w)
  return hex(w.bytes())
}
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s)

describe('MsgpackWriter', () => {
  it('writes unsigned integers in their shortest form', () => {
    const cases: [bigint | number, string][] = [
      [0, '00'],
      [0x7f, '7f'],
      [0x80, 'cc80'],
      [0xff, 'ccff'],
      [0x100, 'cd0100'],
      [0xffff, 'cdffff'],
      [0x10000, 'ce00010000'],
      [0xffffffffn, 'ceffffffff'],
      [0x100000000n, 'cf0000000100000000'],
      [0xffffffffffffffffn, 'cfffffffffffffffff'],
    ]
    for (const [v, want] of cases) {
      expect(
        write((w) => {
          w.uint(v)
        }),
      ).toBe(want)
    }
  })

  it('writes bin, str, array and map headers with minimal lengths', () => {
    expect(
      write((w) => {
        w.bin(new Uint8Array([1, 2]))
      }),
    ).toBe('c4020102')
    expect(
      write((w) => {
        w.bin(new Uint8Array(0x100))
      }).slice(0, 6),
    ).toBe('c50100')
    expect(
      write((w) => {
        w.bin(new Uint8Array(0x10000))
      }).slice(0, 10),
    ).toBe('c600010000')
    expect(
      write((w) => {
        w.str(utf8('ab'))
      }),
    ).toBe('a26162')
    expect(
      write((w) => {
        w.str(new Uint8Array(32))
      }).slice(0, 4),
    ).toBe('d920')
    expect(
      write((w) => {
        w.str(new Uint8Array(0x100))
      }).slice(0, 6),
    ).toBe('da0100')
    expect(
      write((w) => {
        w.array(15)
      }),
    ).toBe('9f')
    expect(
      write((w) => {
        w.array(16)
      }),
    ).toBe('dc0010')
    expect(
      write((w) => {
        w.map(15)
      }),
    ).toBe('8f')
    expect(
      write((w) => {
        w.map(0x10000)
      }),
    ).toBe('df00010000')
    expect(
      write((w) => {
        w.bool(true)
      }),
    ).toBe('c3')
    expect(
      write((w) => {
        w.bool(false)
      }),
    ).toBe('c2')
  })

  it('grows past its initial buffer', () => {
    const big = new Uint8Array(5000).fill(7)
    const w = new MsgpackWriter()
    w.bin(big)
    w.bin(big)
    const out = w.bytes()
    expect(out.length).toBe(2 * (3 + 5000))
    expect(out[3 + 4999]).toBe(7)
  })
})

describe('canonical structs', () => {
  it('omits empty values and sorts keys', () => {
    const bytes = encodeStruct([
      ['z', uint(1n)],
      ['a', uint(0n)],
      ['b', flag(true)],
      ['c', flag(false)],
      ['d', fixed(new Uint8Array(4))],
      ['e', slice(new Uint8Array(0))],
      ['f', text(utf8('x'))],
      [
        'g',
        list([] as number[], (w, n) => {
          w.uint(n)
        }),
      ],
      [
        'h',
        list([1, 300], (w, n) => {
          w.uint(n)
        }),
      ],
      ['i', struct([['q', uint(0n)]])],
    ])
    // {b: true, f: "x", h: [1, 300], z: 1}
    expect(hex(bytes)).toBe('84a162c3a166a178a16892 01cd012c a17a01'.replace(/ /g, ''))
  })

  it('encodes an all-empty struct as an empty map', () => {
    expect(hex(encodeStruct([['a', uint(0n)]]))).toBe('80')
    expect(struct([['a', uint(0n)]])).toBeUndefined()
  })
})
