/**
 * Splitting concatenated msgpack objects: every format family algosdk's encoder emits, nested
 * containers, and truncated or unknown input refused with MsgpackSplitError (never a RangeError).
 */
import algosdk from 'algosdk'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MsgpackSplitError, splitMsgpack } from './msgpack-split.js'

const encode = (v: algosdk.MsgpackEncodingData): Uint8Array => algosdk.msgpackRawEncode(v)

describe('splitMsgpack', () => {
  it('splits concatenated objects of every kind at their boundaries', () => {
    const objects = [
      encode(new Map<string, algosdk.MsgpackEncodingData>([['a', 1]])),
      encode(
        new Map<string, algosdk.MsgpackEncodingData>([
          ['big', 2n ** 63n],
          ['neg', -300],
        ]),
      ),
      encode(
        new Map<string, algosdk.MsgpackEncodingData>([
          ['s', 'x'.repeat(300)],
          ['b', new Uint8Array(70_000)],
        ]),
      ),
      encode(
        new Map<string, algosdk.MsgpackEncodingData>([
          ['l', Array.from({ length: 20 }, (_, i) => i)],
        ]),
      ),
    ]
    const joined = Buffer.concat(objects)
    expect(splitMsgpack(joined, 16).map((p) => Buffer.from(p))).toEqual(
      objects.map((o) => Buffer.from(o)),
    )
  })

  it('refuses empty, truncated, unknown and too many objects', () => {
    const one = encode(new Map<string, algosdk.MsgpackEncodingData>([['a', 'bc']]))
    expect(() => splitMsgpack(new Uint8Array(), 16)).toThrow(MsgpackSplitError)
    expect(() => splitMsgpack(one.subarray(0, one.length - 1), 16)).toThrow(MsgpackSplitError)
    expect(() => splitMsgpack(Uint8Array.of(0xc1), 16)).toThrow(MsgpackSplitError)
    expect(() => splitMsgpack(Buffer.concat([one, one, one]), 2)).toThrow(/more than 2/)
  })

  it('answers random bytes with parts that cover the input, or a MsgpackSplitError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        try {
          const parts = splitMsgpack(bytes, 16)
          expect(parts.reduce((n, p) => n + p.length, 0)).toBe(bytes.length)
        } catch (e) {
          expect(e).toBeInstanceOf(MsgpackSplitError)
        }
      }),
      { numRuns: 2000 },
    )
  })
})
