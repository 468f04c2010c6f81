/**
 * Unsigned LEB128 ("uvarint"), the encoding of TEAL's varuint immediates (Go's
 * encoding/binary.Uvarint). Values are uint64, so at most 10 bytes.
 */

const MAX_UINT64 = (1n << 64n) - 1n

export function encodeUvarint(value: bigint): Uint8Array {
  if (value < 0n || value > MAX_UINT64) throw new RangeError(`uvarint out of range: ${value}`)
  const out: number[] = []
  let v = value
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80)
    v >>= 7n
  }
  out.push(Number(v))
  return Uint8Array.from(out)
}

/**
 * Decodes a uvarint at `offset`. Returns the value and the number of bytes read, or undefined when
 * the bytes run out or the value overflows 64 bits (Go's Uvarint returning n <= 0).
 */
export function decodeUvarint(
  bytes: Uint8Array,
  offset: number,
): { value: bigint; length: number } | undefined {
  // Up to 7 bytes (49 bits) fit a JS number exactly; the evaluator decodes pushint on every
  // execution, so the common short case avoids bigint arithmetic.
  let small = 0
  let scale = 1
  for (let i = 0; i < 7; i++) {
    const at = offset + i
    if (at >= bytes.length) return undefined
    const b = bytes[at]
    small += (b & 0x7f) * scale
    if (b < 0x80) return { value: BigInt(small), length: i + 1 }
    scale *= 128
  }
  let value = BigInt(small)
  let shift = 49n
  for (let i = 7; i < 10; i++) {
    const at = offset + i
    if (at >= bytes.length) return undefined
    const b = bytes[at]
    if (i === 9 && b > 1) return undefined // overflows 64 bits
    value |= BigInt(b & 0x7f) << shift
    if (b < 0x80) return { value, length: i + 1 }
    shift += 7n
  }
  return undefined
}
