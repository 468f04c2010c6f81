/**
 * Splitting concatenated msgpack objects: every format family algosdk's encoder emits, nested
 * containers, and truncated or unknown input refused with go-algorand's texts (never a RangeError).
 */
import algosdk from 'algosdk'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  MAX_GROUP_SIZE,
  MsgpackFormatError,
  TxGroupError,
  groupObjects,
  splitTxGroup,
} from './index.js'

const encode = (v: algosdk.MsgpackEncodingData): Uint8Array => algosdk.msgpackRawEncode(v)

describe('splitTxGroup', () => {
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
    expect(splitTxGroup(joined, 16).map((p) => Buffer.from(p))).toEqual(
      objects.map((o) => Buffer.from(o)),
    )
    expect(Array.from(groupObjects(joined), (o) => o.start)).toEqual([
      0,
      objects[0].length,
      objects[0].length + objects[1].length,
      objects[0].length + objects[1].length + objects[2].length,
    ])
  })

  it("refuses empty, truncated, unknown and too many objects with go-algorand's texts", () => {
    const one = encode(new Map<string, algosdk.MsgpackEncodingData>([['a', 'bc']]))
    expect(() => splitTxGroup(new Uint8Array())).toThrow(/^empty txgroup$/)
    expect(() => splitTxGroup(one.subarray(0, one.length - 1))).toThrow(
      `msgpack decode error [pos ${one.length - 1}]: unexpected EOF`,
    )
    expect(() => splitTxGroup(Uint8Array.of(0xc1))).toThrow(MsgpackFormatError)
    expect(() => splitTxGroup(Buffer.concat([one, one, one]), 2)).toThrow(/^max group size is 2$/)
    const seventeen = Buffer.concat(Array.from({ length: MAX_GROUP_SIZE + 1 }, () => one))
    expect(() => splitTxGroup(seventeen)).toThrow(`max group size is ${MAX_GROUP_SIZE}`)
    expect(splitTxGroup(seventeen.subarray(one.length))).toHaveLength(MAX_GROUP_SIZE)
  })

  it('answers random bytes with parts that cover the input, or a TxGroupError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        try {
          const parts = splitTxGroup(bytes, 16)
          expect(parts.reduce((n, p) => n + p.length, 0)).toBe(bytes.length)
        } catch (e) {
          expect(e).toBeInstanceOf(TxGroupError)
        }
      }),
      { numRuns: 2000 },
    )
  })
})
