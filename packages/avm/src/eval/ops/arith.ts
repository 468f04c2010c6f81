/**
 * uint64 arithmetic, comparison, logic and conversion opcodes (go-algorand `opPlus` ... `opBtoi`).
 *
 * These are the hottest handlers of the evaluator, so each works on the stack array in place: no
 * closures, no allocation beyond the bigint result. The step loop has already checked the stack
 * depth and the argument kinds against the prototype, so the casts below are safe.
 */
import { fail } from '../errors.js'
import { ofOne, ofThree, type OpFamily } from '../handler.js'
import { bytesEqual, MAX_UINT64, typeName, uint64ToBytes, type StackValue } from '../value.js'

/** Module-local: an imported binding read per op costs a getter call under tsx (see run.ts). */
const UINT64_MAX = MAX_UINT64

const MAX_UINT128 = (1n << 128n) - 1n

/** `==` on values of either kind; both must be of the same kind. */
function equal(a: StackValue, b: StackValue): boolean {
  if (typeof a === 'bigint') {
    if (typeof b === 'bigint') return a === b
  } else if (typeof b !== 'bigint') {
    return bytesEqual(a, b)
  }
  fail(`cannot compare (${typeName(a)} to ${typeName(b)})`)
}

/** Floor square root of a uint64. A float estimate is within one of the answer; fix it up. */
function sqrt64(x: bigint): bigint {
  let r = BigInt(Math.floor(Math.sqrt(Number(x))))
  while (r * r > x) r--
  while ((r + 1n) * (r + 1n) <= x) r++
  return r
}

/** Number of significant bits of a non-negative bigint. */
function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length
}

/**
 * base^exp, failing as go-algorand does when the result exceeds `max`. Exponents at or beyond
 * `maxBits` overflow for any base >= 2, so the bigint power below is at most a few KB wide.
 */
function power(base: bigint, exp: bigint, max: bigint, maxBits: bigint): bigint {
  if (exp === 0n && base === 0n) fail('0^0 is undefined')
  if (base === 0n) return 0n
  if (exp === 0n || base === 1n) return 1n
  if (exp >= maxBits) fail(`${base}^${exp} overflow`)
  const result = base ** exp
  if (result > max) fail(`${base}^${exp} overflow`)
  return result
}

/** `+` on two uint64s; also the step loop's own `+` (run.ts). */
export function plus(a: bigint, b: bigint): bigint {
  const r = a + b
  if (r > UINT64_MAX) fail('+ overflowed')
  return r
}

/** `-` on two uint64s; also the step loop's own `-` (run.ts). */
export function minus(a: bigint, b: bigint): bigint {
  if (b > a) fail('- would result negative')
  return a - b
}

export const ARITH_OPS: OpFamily = {
  '+': (cx) => {
    const s = cx.stack
    const b = s.pop() as bigint
    const i = s.length - 1
    s[i] = plus(s[i] as bigint, b)
  },
  '-': (cx) => {
    const s = cx.stack
    const b = s.pop() as bigint
    const i = s.length - 1
    s[i] = minus(s[i] as bigint, b)
  },
  '*': (cx) => {
    const s = cx.stack
    const b = s.pop() as bigint
    const i = s.length - 1
    const r = (s[i] as bigint) * b
    if (r > UINT64_MAX) fail('* overflowed')
    s[i] = r
  },
  '/': (cx) => {
    const s = cx.stack
    const b = s.pop() as bigint
    if (b === 0n) fail('/ 0')
    const i = s.length - 1
    s[i] = (s[i] as bigint) / b
  },
  '%': (cx) => {
    const s = cx.stack
    const b = s.pop() as bigint
    if (b === 0n) fail('% 0')
    const i = s.length - 1
    s[i] = (s[i] as bigint) % b
  },
  '<': (cx) => {
    const s = cx.stack
    const b = s.pop() as bigint
    const i = s.length - 1
    s[i] = (s[i] as bigint) < b ? 1n : 0n
  },
  '>': (cx) => {
    const s = cx.stack
    const b = s.pop() as bigint
    const i = s.length - 1
    s[i] = (s[i] as bigint) > b ? 1n : 0n
  },
  '<=': (cx) => {
    const s = cx.stack
    const b = s.pop() as bigint
    const i = s.length - 1
    s[i] = (s[i] as bigint) <= b ? 1n : 0n
  },
  '>=': (cx) => {
    const s = cx.stack
    const b = s.pop() as bigint
    const i = s.length - 1
    s[i] = (s[i] as bigint) >= b ? 1n : 0n
  },
  '&&': (cx) => {
    const s = cx.stack
    const b = s.pop() as bigint
    const i = s.length - 1
    s[i] = s[i] !== 0n && b !== 0n ? 1n : 0n
  },
  '||': (cx) => {
    const s = cx.stack
    const b = s.pop() as bigint
    const i = s.length - 1
    s[i] = s[i] !== 0n || b !== 0n ? 1n : 0n
  },
  '==': (cx) => {
    const s = cx.stack
    const b = s.pop()!
    const i = s.length - 1
    s[i] = equal(s[i], b) ? 1n : 0n
  },
  '!=': (cx) => {
    const s = cx.stack
    const b = s.pop()!
    const i = s.length - 1
    s[i] = equal(s[i], b) ? 0n : 1n
  },
  '!': (cx) => {
    const s = cx.stack
    const i = s.length - 1
    s[i] = s[i] === 0n ? 1n : 0n
  },
  '|': (cx) => {
    const s = cx.stack
    const b = s.pop() as bigint
    const i = s.length - 1
    s[i] = (s[i] as bigint) | b
  },
  '&': (cx) => {
    const s = cx.stack
    const b = s.pop() as bigint
    const i = s.length - 1
    s[i] = (s[i] as bigint) & b
  },
  '^': (cx) => {
    const s = cx.stack
    const b = s.pop() as bigint
    const i = s.length - 1
    s[i] = (s[i] as bigint) ^ b
  },
  '~': (cx) => {
    const s = cx.stack
    const i = s.length - 1
    s[i] = (s[i] as bigint) ^ UINT64_MAX
  },
  mulw: (cx) => {
    const s = cx.stack
    const i = s.length - 1
    const p = (s[i - 1] as bigint) * (s[i] as bigint)
    s[i - 1] = p >> 64n
    s[i] = p & UINT64_MAX
  },
  addw: (cx) => {
    const s = cx.stack
    const i = s.length - 1
    const sum = (s[i - 1] as bigint) + (s[i] as bigint)
    s[i - 1] = sum >> 64n
    s[i] = sum & UINT64_MAX
  },
  divmodw: (cx) => {
    const s = cx.stack
    const i = s.length - 4
    const den = ((s[i + 2] as bigint) << 64n) | (s[i + 3] as bigint)
    if (den === 0n) fail('/ 0')
    const num = ((s[i] as bigint) << 64n) | (s[i + 1] as bigint)
    const quo = num / den
    const rem = num % den
    s[i] = quo >> 64n
    s[i + 1] = quo & UINT64_MAX
    s[i + 2] = rem >> 64n
    s[i + 3] = rem & UINT64_MAX
  },
  divw: ofThree((hi: bigint, lo: bigint, y: bigint) => {
    // The same two checks go-algorand makes before bits.Div64, which would otherwise panic.
    if (y === 0n) fail('divw 0')
    if (y <= hi) fail(`divw overflow: ${y} <= ${hi}`)
    return ((hi << 64n) | lo) / y
  }),
  shl: (cx) => {
    const s = cx.stack
    const b = s.pop() as bigint
    if (b > 63n) fail(`shl arg too big, (${b})`)
    const i = s.length - 1
    s[i] = ((s[i] as bigint) << b) & UINT64_MAX
  },
  shr: (cx) => {
    const s = cx.stack
    const b = s.pop() as bigint
    if (b > 63n) fail(`shr arg too big, (${b})`)
    const i = s.length - 1
    s[i] = (s[i] as bigint) >> b
  },
  sqrt: ofOne(sqrt64),
  bitlen: (cx) => {
    const s = cx.stack
    const i = s.length - 1
    const v = s[i]
    if (typeof v === 'bigint') {
      s[i] = BigInt(bitLength(v))
      return
    }
    // Bytes are a big-endian number: the bits of the first non-zero byte plus all that follow.
    let bits = 0
    for (let k = 0; k < v.length; k++) {
      const byte = v[k]
      if (byte !== 0) {
        bits = 32 - Math.clz32(byte) + 8 * (v.length - k - 1)
        break
      }
    }
    s[i] = BigInt(bits)
  },
  exp: (cx) => {
    const s = cx.stack
    const e = s.pop() as bigint
    const i = s.length - 1
    s[i] = power(s[i] as bigint, e, UINT64_MAX, 64n)
  },
  expw: (cx) => {
    const s = cx.stack
    const i = s.length - 1
    const r = power(s[i - 1] as bigint, s[i] as bigint, MAX_UINT128, 128n)
    s[i - 1] = r >> 64n
    s[i] = r & UINT64_MAX
  },
  itob: ofOne(uint64ToBytes),
  btoi: (cx) => {
    const s = cx.stack
    const i = s.length - 1
    const b = s[i] as Uint8Array
    if (b.length > 8) fail(`btoi arg too long, got ${b.length} bytes`)
    // Short arrays are legal: they read as a big-endian number of that many bytes.
    let hi = 0
    let lo = 0
    const split = b.length - 4
    for (let k = 0; k < b.length; k++) {
      if (k < split) hi = hi * 256 + b[k]
      else lo = lo * 256 + b[k]
    }
    s[i] = hi === 0 ? BigInt(lo) : (BigInt(hi) << 32n) | BigInt(lo)
  },
}
