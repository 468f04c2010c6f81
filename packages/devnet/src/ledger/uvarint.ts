/** go's encoding/binary.Uvarint, as program versions are read: undefined when malformed. */
export function decodeUvarint(
  b: Uint8Array,
  offset = 0,
): { value: bigint; length: number } | undefined {
  let value = 0n
  let shift = 0n
  for (let i = offset; i < b.length && i - offset < 10; i++) {
    const byte = b[i]
    if (byte < 0x80) {
      if (i - offset === 9 && byte > 1) return undefined
      return { value: value | (BigInt(byte) << shift), length: i - offset + 1 }
    }
    value |= BigInt(byte & 0x7f) << shift
    shift += 7n
  }
  return undefined
}
