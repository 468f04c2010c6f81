/** A stack (or scratch, or state) value: a uint64 as bigint in [0, 2^64), or a byte string. */
export type StackValue = bigint | Uint8Array

export const MAX_UINT64 = (1n << 64n) - 1n

export function typeName(v: StackValue): string {
  return typeof v === 'bigint' ? 'uint64' : '[]byte'
}

export function boolToUint(b: boolean): bigint {
  return b ? 1n : 0n
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** Big-endian uint64 encoding, as itob produces it. */
export function uint64ToBytes(v: bigint): Uint8Array {
  const out = new Uint8Array(8)
  new DataView(out.buffer).setBigUint64(0, v)
  return out
}
