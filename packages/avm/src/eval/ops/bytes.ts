/**
 * Byte-string opcodes: len, concat, substring, bits and bytes, extract, replace, bzero,
 * base64_decode and json_ref (go-algorand `opConcat` ... `opJSONRef`).
 *
 * Results are always fresh arrays (never views into an argument), so no value on the stack, in
 * scratch or in state can be changed through another.
 */
import { bytesToNumberBE } from '@noble/curves/utils.js'
import { MAX_STRING_SIZE } from '../../spec/types.js'
import type { EvalContext } from '../context.js'
import { fail } from '../errors.js'
import { ofThree, type OpFamily } from '../handler.js'
import { MAX_UINT64 } from '../value.js'
import { base64DecodeOp } from './bytes-base64.js'
import { jsonRef } from './bytes-json.js'

/** Module-local: an imported binding read per op costs a getter call under tsx (see run.ts). */
const UINT64_MAX = MAX_UINT64

const MAX_INT32 = 0x7fffffffn

function substring(x: Uint8Array, start: number, end: number): Uint8Array {
  if (end < start) fail('substring end before start')
  if (start > x.length || end > x.length) fail('substring range beyond length of string')
  return x.slice(start, end)
}

/** go-algorand's extractCarefully: the bytes [start, start+length) of x, or a failure. */
export function extractCarefully(x: Uint8Array, start: bigint, length: bigint): Uint8Array {
  const len = BigInt(x.length)
  if (start > len) fail(`extraction start ${start} is beyond length: ${x.length}`)
  const end = start + length
  if (end > UINT64_MAX) fail('extraction end exceeds uint64')
  if (end > len) fail(`extraction end ${end} is beyond length: ${x.length}`)
  return x.slice(Number(start), Number(end))
}

/** Reads n big-endian bytes at start (extract_uint16/32/64). */
function extractUint(cx: EvalContext, n: number): void {
  const s = cx.stack
  const start = s.pop() as bigint
  const i = s.length - 1
  s[i] = bytesToNumberBE(extractCarefully(s[i] as Uint8Array, start, BigInt(n)))
}

/** go-algorand's replaceCarefully: a copy of original with replacement written at start. */
export function replaceCarefully(
  original: Uint8Array,
  replacement: Uint8Array,
  start: bigint,
): Uint8Array {
  const len = original.length
  if (start > BigInt(len)) fail(`replacement start ${start} beyond length: ${len}`)
  const at = Number(start)
  const end = at + replacement.length
  if (end > len) fail(`replacement end ${end} beyond original length: ${len}`)
  const out = original.slice()
  out.set(replacement, at)
  return out
}

/** Go's stringer output for an unknown enum immediate, used in the invalid-field messages. */
function enumName(names: readonly string[], invalid: string, type: string, v: number): string {
  if (v < names.length) return names[v]
  return v === names.length ? invalid : `${type}(${v})`
}

export const BYTES_OPS: OpFamily = {
  len: (cx) => {
    const s = cx.stack
    const i = s.length - 1
    s[i] = BigInt((s[i] as Uint8Array).length)
  },
  concat: (cx) => {
    const s = cx.stack
    const b = s.pop() as Uint8Array
    const i = s.length - 1
    const a = s[i] as Uint8Array
    // The step loop rejects a result over 4096 bytes ("concat produced a too big (N) byte-array").
    const out = new Uint8Array(a.length + b.length)
    out.set(a)
    out.set(b, a.length)
    s[i] = out
  },
  substring: (cx) => {
    const s = cx.stack
    const i = s.length - 1
    s[i] = substring(s[i] as Uint8Array, cx.imm(0), cx.imm(1))
  },
  substring3: ofThree((x: Uint8Array, start: bigint, end: bigint) => {
    if (start > MAX_INT32 || end > MAX_INT32) fail('substring range beyond length of string')
    return substring(x, Number(start), Number(end))
  }),
  getbit: (cx) => {
    const s = cx.stack
    const idx = s.pop() as bigint
    const i = s.length - 1
    const target = s[i]
    if (typeof target === 'bigint') {
      if (idx > 63n) fail('getbit index > 63 with Uint')
      s[i] = (target >> idx) & 1n
      return
    }
    // Bits of a byte string count from the high bit of its first byte.
    const byteIdx = idx / 8n
    if (byteIdx >= BigInt(target.length)) fail('getbit index beyond byteslice')
    const bit = Number(idx % 8n)
    s[i] = BigInt((target[Number(byteIdx)] >> (7 - bit)) & 1)
  },
  setbit: (cx) => {
    const s = cx.stack
    const bit = s.pop() as bigint
    const idx = s.pop() as bigint
    const i = s.length - 1
    const target = s[i]
    if (bit > 1n) fail('setbit value > 1')
    if (typeof target === 'bigint') {
      if (idx > 63n) fail('setbit index > 63 with Uint')
      const mask = 1n << idx
      s[i] = bit === 1n ? target | mask : target & (UINT64_MAX ^ mask)
      return
    }
    const byteIdx = idx / 8n
    if (byteIdx >= BigInt(target.length)) fail('setbit index beyond byteslice')
    const at = Number(byteIdx)
    const mask = 0x80 >> Number(idx % 8n)
    const out = target.slice()
    out[at] = bit === 1n ? out[at] | mask : out[at] & ~mask
    s[i] = out
  },
  getbyte: (cx) => {
    const s = cx.stack
    const idx = s.pop() as bigint
    const i = s.length - 1
    const target = s[i] as Uint8Array
    if (idx >= BigInt(target.length)) fail('getbyte index beyond array length')
    s[i] = BigInt(target[Number(idx)])
  },
  setbyte: ofThree((target: Uint8Array, idx: bigint, value: bigint) => {
    if (value > 255n) fail('setbyte value > 255')
    if (idx >= BigInt(target.length)) fail('setbyte index beyond array length')
    const out = target.slice()
    out[Number(idx)] = Number(value)
    return out
  }),
  extract: (cx) => {
    const s = cx.stack
    const i = s.length - 1
    const x = s[i] as Uint8Array
    const start = cx.imm(0)
    const length = cx.imm(1)
    // L = 0 means "to the end"; a start past the end is then reported by extractCarefully().
    const l = length === 0 ? Math.max(0, x.length - start) : length
    const end = start + l
    s[i] = end <= x.length ? x.slice(start, end) : extractCarefully(x, BigInt(start), BigInt(l))
  },
  extract3: ofThree(extractCarefully),
  extract_uint16: (cx) => {
    extractUint(cx, 2)
  },
  extract_uint32: (cx) => {
    extractUint(cx, 4)
  },
  extract_uint64: (cx) => {
    extractUint(cx, 8)
  },
  replace2: (cx) => {
    const s = cx.stack
    const replacement = s.pop() as Uint8Array
    const i = s.length - 1
    s[i] = replaceCarefully(s[i] as Uint8Array, replacement, BigInt(cx.imm(0)))
  },
  replace3: ofThree((original: Uint8Array, start: bigint, replacement: Uint8Array) =>
    replaceCarefully(original, replacement, start),
  ),
  bzero: (cx) => {
    const s = cx.stack
    const i = s.length - 1
    const n = s[i] as bigint
    if (n > BigInt(MAX_STRING_SIZE)) fail('bzero attempted to create a too large string')
    s[i] = new Uint8Array(Number(n))
  },
  base64_decode: (cx) => {
    const e = cx.imm(0)
    if (e > 1) {
      const name = enumName(
        ['URLEncoding', 'StdEncoding'],
        'invalidBase64Encoding',
        'Base64Encoding',
        e,
      )
      fail(`invalid base64_decode encoding ${name}`)
    }
    const s = cx.stack
    const i = s.length - 1
    const r = base64DecodeOp(s[i] as Uint8Array, e === 1 ? 'std' : 'url')
    if (!r.ok) fail(r.error.message)
    s[i] = r.bytes
  },
  json_ref: (cx) => {
    const s = cx.stack
    const key = s.pop() as Uint8Array
    const t = cx.imm(0)
    if (t > 2) {
      const names = ['JSONString', 'JSONUint64', 'JSONObject']
      fail(`invalid json_ref type ${enumName(names, 'invalidJSONRefType', 'JSONRefType', t)}`)
    }
    const i = s.length - 1
    const r = jsonRef(s[i] as Uint8Array, key, t === 0 ? 'string' : t === 1 ? 'uint64' : 'object')
    if (typeof r === 'string') fail(r)
    s[i] = r.value
  },
}
