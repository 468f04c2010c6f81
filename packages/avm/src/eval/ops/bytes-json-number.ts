/**
 * Numbers as go-codec's JSON decoder reads them for json_ref (see bytes-json-reader.ts): the text
 * is a run of `0-9 e E . + -` (or a quoted string's content), read as a Go integer when it is one
 * and as a Go float (strconv.ParseFloat) otherwise.
 */

const MAX_UINT64 = 0xffffffffffffffffn
const TWO_63 = 1n << 63n

let nanKeys = 0

/**
 * strconv.ParseFloat for the text go-codec hands it: decimal (with `_` separators) or inf/nan.
 * Hexadecimal floats, which only a quoted string in a number's place could reach, count as invalid.
 */
function parseGoFloat(s: string): number | undefined {
  const special = /^([+-]?)(inf|infinity)$/i.exec(s)
  if (special) return special[1] === '-' ? -Infinity : Infinity
  if (/^nan$/i.test(s)) return NaN
  const m = /^[+-]?(?:[0-9_]+(?:\.[0-9_]*)?|\.[0-9_]+)(?:[eE][+-]?[0-9][0-9_]*)?$/.exec(s)
  const mantissa = /^[+-]?([0-9_.]*)/.exec(s)?.[1] ?? ''
  if (!m || !/[0-9]/.test(mantissa)) return undefined
  // Go's underscoreOK: every '_' sits between two digits.
  if (s.replace(/(?<=[0-9])_(?=[0-9])/g, '').includes('_')) return undefined
  const v = Number(s.replace(/_/g, ''))
  // Overflow to infinity is Go's ErrRange, an error; underflow to zero is not.
  return Number.isFinite(v) ? v : undefined
}

const text = (bs: Uint8Array): string => String.fromCharCode(...bs)

/** go-codec's jsonParseInteger: an optional sign, then decimal digits only. */
function parseInteger(bs: Uint8Array): { n: bigint; neg: boolean; ok: boolean; overflow: boolean } {
  let k = 0
  let neg = false
  if (bs[0] === 0x2b) k = 1
  else if (bs[0] === 0x2d) {
    k = 1
    neg = true
  }
  let n = 0n
  for (; k < bs.length; k++) {
    const c = bs[k]
    if (c < 0x30 || c > 0x39) return { n, neg, ok: false, overflow: false }
    n = n * 10n + BigInt(c - 0x30)
    if (n > MAX_UINT64) return { n, neg, ok: false, overflow: true }
  }
  return { n, neg, ok: true, overflow: false }
}

/**
 * go-codec's DecodeNaked of a number (nakedNum): the number's identity as a Go map key (its Go
 * type and value), or undefined when go-codec fails on it (no digits, or not a Go float).
 */
export function nakedNumberId(bs: Uint8Array): string | undefined {
  if (bs.length === 0) return undefined
  const { n, neg, ok } = parseInteger(bs)
  if (ok && !(neg && n > TWO_63)) return neg ? `i${-n}` : `u${n}`
  const f = parseGoFloat(text(bs))
  if (f === undefined) return undefined
  if (Number.isNaN(f)) return `NaN${++nanKeys}` // NaN never equals another key
  return `f${f === 0 ? 0 : f}`
}

/**
 * go-codec's decUint64ViaFloat: the float's integer part as a uint64 (an amd64 conversion for
 * out-of-range values), or undefined for a syntax error, a fraction or more than 2^64.
 */
function uint64ViaFloat(s: Uint8Array): bigint | undefined {
  if (s.length === 0) return 0n
  const f = parseGoFloat(text(s))
  if (f === undefined) return undefined
  if (Number.isNaN(f)) return TWO_63
  const whole = Math.trunc(f)
  if (f - whole > 0 || whole > 2 ** 64) return undefined
  if (whole === -Infinity || whole < -(2 ** 63)) return TWO_63
  return whole >= 0 ? BigInt(whole) & MAX_UINT64 : (1n << 64n) + BigInt(whole)
}

/** Whether go-codec's DecodeUint64 accepts these number bytes. */
export function decodesAsUint64(bs: Uint8Array): boolean {
  if (bs.length === 0) return true
  const { neg, ok, overflow } = parseInteger(bs)
  if (overflow || neg) return false
  return ok || uint64ViaFloat(bs) !== undefined
}

/** Whether go-codec's DecodeInt64 accepts these number bytes. */
export function decodesAsInt64(bs: Uint8Array): boolean {
  if (bs.length === 0) return true
  const parsed = parseInteger(bs)
  if (parsed.overflow) return false
  let n: bigint | undefined = parsed.n
  if (!parsed.ok) n = uint64ViaFloat(parsed.neg ? bs.subarray(1) : bs)
  if (n === undefined) return false
  return parsed.neg ? n <= TWO_63 : n < TWO_63
}

/** Whether go-codec's DecodeFloat64 accepts these number bytes. */
export function decodesAsFloat64(bs: Uint8Array): boolean {
  return bs.length === 0 || parseGoFloat(text(bs)) !== undefined
}
