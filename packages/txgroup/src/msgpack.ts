/**
 * The end of one msgpack object, found by walking headers only, iteratively: no input can exhaust
 * the stack, and any truncated or unknown byte is a MsgpackFormatError, never another exception.
 */

/** Why bytes do not form a whole group; the message is go-algorand's (algod answers it with 400). */
export class TxGroupError extends Error {}

/** Why bytes are not a msgpack object; `pos` is the byte offset, as go-codec reports it. */
export class MsgpackFormatError extends TxGroupError {
  constructor(
    readonly pos: number,
    readonly reason: string,
  ) {
    super(`msgpack decode error [pos ${pos}]: ${reason}`)
  }
}

function readUint(bytes: Uint8Array, at: number, size: number): number {
  if (at + size > bytes.length) throw new MsgpackFormatError(bytes.length, 'unexpected EOF')
  let value = 0
  for (let i = 0; i < size; i++) value = value * 256 + bytes[at + i]
  return value
}

/** Header size, payload size and child count of a header byte from 0xc4 to 0xdf. */
function sized(bytes: Uint8Array, at: number): { header: number; skip: number; children: number } {
  const b = bytes[at]
  switch (b) {
    case 0xc4: // bin 8, str 8
    case 0xd9:
      return { header: 2, skip: readUint(bytes, at + 1, 1), children: 0 }
    case 0xc5:
    case 0xda:
      return { header: 3, skip: readUint(bytes, at + 1, 2), children: 0 }
    case 0xc6:
    case 0xdb:
      return { header: 5, skip: readUint(bytes, at + 1, 4), children: 0 }
    case 0xc7: // ext 8/16/32: the length, then a type byte
      return { header: 3, skip: readUint(bytes, at + 1, 1), children: 0 }
    case 0xc8:
      return { header: 4, skip: readUint(bytes, at + 1, 2), children: 0 }
    case 0xc9:
      return { header: 6, skip: readUint(bytes, at + 1, 4), children: 0 }
    case 0xca: // float 32/64, uint 8..64, int 8..64
    case 0xcb:
    case 0xcc:
    case 0xcd:
    case 0xce:
    case 0xcf:
    case 0xd0:
    case 0xd1:
    case 0xd2:
    case 0xd3:
      return { header: 1, skip: [4, 8, 1, 2, 4, 8, 1, 2, 4, 8][b - 0xca], children: 0 }
    case 0xd4: // fixext 1/2/4/8/16: a type byte, then the data
    case 0xd5:
    case 0xd6:
    case 0xd7:
    case 0xd8:
      return { header: 1, skip: 1 + (1 << (b - 0xd4)), children: 0 }
    case 0xdc: // array 16/32
      return { header: 3, skip: 0, children: readUint(bytes, at + 1, 2) }
    case 0xdd:
      return { header: 5, skip: 0, children: readUint(bytes, at + 1, 4) }
    case 0xde: // map 16/32: keys and values
      return { header: 3, skip: 0, children: 2 * readUint(bytes, at + 1, 2) }
    case 0xdf:
      return { header: 5, skip: 0, children: 2 * readUint(bytes, at + 1, 4) }
    default:
      throw new MsgpackFormatError(at, `invalid byte descriptor 0x${b.toString(16)}`)
  }
}

/** The end offset of the msgpack object starting at `start`. */
export function msgpackObjectEnd(bytes: Uint8Array, start: number): number {
  let at = start
  // Objects still to read: a container's children are added as its header is read.
  let pending = 1
  while (pending > 0) {
    if (at >= bytes.length) throw new MsgpackFormatError(at, 'unexpected EOF')
    const b = bytes[at]
    pending--
    if (b <= 0x7f || b >= 0xe0 || b === 0xc0 || b === 0xc2 || b === 0xc3) {
      at += 1 // positive and negative fixint, nil, false, true
    } else if (b <= 0x8f) {
      pending += 2 * (b & 0x0f) // fixmap
      at += 1
    } else if (b <= 0x9f) {
      pending += b & 0x0f // fixarray
      at += 1
    } else if (b <= 0xbf) {
      at += 1 + (b & 0x1f) // fixstr
    } else {
      const { header, skip, children } = sized(bytes, at)
      pending += children
      at += header + skip
    }
    if (at > bytes.length) throw new MsgpackFormatError(bytes.length, 'unexpected EOF')
  }
  return at
}
