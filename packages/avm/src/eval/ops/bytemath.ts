/**
 * Byte-string math (go-algorand `opBytesPlus` ... `opBytesSqrt`): byte strings read as big-endian
 * unsigned integers. Arithmetic and comparison inputs may be at most 64 bytes; arithmetic results
 * are minimal (no leading zero bytes, zero is the empty string), so b+ may produce 65 bytes and b*
 * 128. The bitwise ops take any length, zero-padding the shorter argument on the left.
 */
import { bytesToNumberBE, numberToVarBytesBE } from '@noble/curves/utils.js'
import type { EvalContext } from '../context.js'
import { fail } from '../errors.js'
import type { OpFamily } from '../handler.js'

/** go-algorand's maxByteMathSize. */
const MAX_BYTE_MATH_SIZE = 64

/** Minimal big-endian bytes of a non-negative bigint (go's big.Int.Bytes: zero is empty). */
const fromBigInt = (n: bigint): Uint8Array => (n === 0n ? new Uint8Array(0) : numberToVarBytesBE(n))

function checkSize(...args: Uint8Array[]): void {
  for (const a of args) {
    if (a.length > MAX_BYTE_MATH_SIZE) fail('math attempted on large byte-array')
  }
}

/** Pops B, reads A (both size-checked) and replaces A by op(A, B). */
function binary(cx: EvalContext, op: (a: bigint, b: bigint) => bigint): void {
  const s = cx.stack
  const i = s.length - 2
  const a = s[i] as Uint8Array
  const b = s[i + 1] as Uint8Array
  checkSize(a, b)
  const r = op(bytesToNumberBE(a), bytesToNumberBE(b))
  s.length = i + 1
  s[i] = fromBigInt(r)
}

/** Compares A and B as numbers without converting them: leading zero bytes do not count. */
function compare(cx: EvalContext): number {
  const s = cx.stack
  const b = s.pop() as Uint8Array
  const a = s[s.length - 1] as Uint8Array
  checkSize(a, b)
  let ia = 0
  let ib = 0
  while (ia < a.length && a[ia] === 0) ia++
  while (ib < b.length && b[ib] === 0) ib++
  const la = a.length - ia
  const lb = b.length - ib
  if (la !== lb) return la < lb ? -1 : 1
  for (let k = 0; k < la; k++) {
    const d = a[ia + k] - b[ib + k]
    if (d !== 0) return d < 0 ? -1 : 1
  }
  return 0
}

function compareOp(test: (c: number) => boolean): (cx: EvalContext) => void {
  return (cx) => {
    const c = compare(cx)
    cx.stack[cx.stack.length - 1] = test(c) ? 1n : 0n
  }
}

/** b| b& b^: the result has the longer length, the shorter argument zero-padded on the left. */
function bitwise(cx: EvalContext, op: (x: number, y: number) => number): void {
  const s = cx.stack
  const b = s.pop() as Uint8Array
  const i = s.length - 1
  const a = s[i] as Uint8Array
  const n = Math.max(a.length, b.length)
  const out = new Uint8Array(n)
  const da = n - a.length
  const db = n - b.length
  for (let k = 0; k < n; k++) {
    out[k] = op(k < da ? 0 : a[k - da], k < db ? 0 : b[k - db])
  }
  s[i] = out
}

/** Floor square root of a non-negative bigint, by Newton's iteration from above. */
function isqrt(n: bigint): bigint {
  if (n < 2n) return n
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2))
  for (;;) {
    const y = (x + n / x) >> 1n
    if (y >= x) return x
    x = y
  }
}

export const BYTEMATH_OPS: OpFamily = {
  'b+': (cx) => {
    binary(cx, (a, b) => a + b)
  },
  'b-': (cx) => {
    binary(cx, (a, b) => {
      if (b > a) fail('byte math would have negative result')
      return a - b
    })
  },
  'b*': (cx) => {
    binary(cx, (a, b) => a * b)
  },
  'b/': (cx) => {
    binary(cx, (a, b) => {
      if (b === 0n) fail('division by zero')
      return a / b
    })
  },
  'b%': (cx) => {
    binary(cx, (a, b) => {
      if (b === 0n) fail('modulo by zero')
      return a % b
    })
  },
  'b<': compareOp((c) => c < 0),
  'b>': compareOp((c) => c > 0),
  'b<=': compareOp((c) => c <= 0),
  'b>=': compareOp((c) => c >= 0),
  'b==': compareOp((c) => c === 0),
  'b!=': compareOp((c) => c !== 0),
  'b|': (cx) => {
    bitwise(cx, (x, y) => x | y)
  },
  'b&': (cx) => {
    bitwise(cx, (x, y) => x & y)
  },
  'b^': (cx) => {
    bitwise(cx, (x, y) => x ^ y)
  },
  'b~': (cx) => {
    const s = cx.stack
    const i = s.length - 1
    const a = s[i] as Uint8Array
    const out = new Uint8Array(a.length)
    for (let k = 0; k < a.length; k++) out[k] = ~a[k] & 0xff
    s[i] = out
  },
  bsqrt: (cx) => {
    const s = cx.stack
    const i = s.length - 1
    const a = s[i] as Uint8Array
    checkSize(a)
    s[i] = fromBigInt(isqrt(bytesToNumberBE(a)))
  },
}
