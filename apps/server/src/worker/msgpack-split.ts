/**
 * Splits a concatenation of msgpack objects (how algod's POST /v2/transactions and wallets carry a
 * signed group) into each object's bytes. It only walks headers, iteratively, so no input can
 * exhaust the stack; any truncated or unknown byte is a MsgpackSplitError, never a crash.
 */
export class MsgpackSplitError extends Error {}

/** Header size and payload length of the fixed-width formats 0xc4..0xdf (msgpack spec). */
function sized(bytes: Uint8Array, at: number): { header: number; skip: number; children: number } {
  const b = bytes[at]
  const len = (size: number): number => {
    if (at + 1 + size > bytes.length) throw new MsgpackSplitError('truncated msgpack object')
    let n = 0
    for (let i = 1; i <= size; i++) n = n * 256 + bytes[at + i]
    return n
  }
  switch (b) {
    case 0xc4: // bin 8
    case 0xd9: // str 8
      return { header: 2, skip: len(1), children: 0 }
    case 0xc5:
    case 0xda:
      return { header: 3, skip: len(2), children: 0 }
    case 0xc6:
    case 0xdb:
      return { header: 5, skip: len(4), children: 0 }
    case 0xc7: // ext 8/16/32: length, then a type byte
      return { header: 3, skip: len(1), children: 0 }
    case 0xc8:
      return { header: 4, skip: len(2), children: 0 }
    case 0xc9:
      return { header: 6, skip: len(4), children: 0 }
    case 0xca: // float 32/64, (u)int 8..64
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
    case 0xd4: // fixext 1/2/4/8/16: a type byte then the data
    case 0xd5:
    case 0xd6:
    case 0xd7:
    case 0xd8:
      return { header: 2, skip: [1, 2, 4, 8, 16][b - 0xd4], children: 0 }
    case 0xdc: // array 16/32
      return { header: 3, skip: 0, children: len(2) }
    case 0xdd:
      return { header: 5, skip: 0, children: len(4) }
    case 0xde: // map 16/32: keys and values
      return { header: 3, skip: 0, children: 2 * len(2) }
    case 0xdf:
      return { header: 5, skip: 0, children: 2 * len(4) }
    default:
      throw new MsgpackSplitError(`unknown msgpack byte 0x${b.toString(16)}`)
  }
}

function objectEnd(bytes: Uint8Array, start: number): number {
  let at = start
  let pending = 1
  while (pending > 0) {
    if (at >= bytes.length) throw new MsgpackSplitError('truncated msgpack object')
    const b = bytes[at]
    pending--
    if (b <= 0x7f || b >= 0xe0 || b === 0xc0 || b === 0xc2 || b === 0xc3) {
      at += 1 // fixint, negative fixint, nil, false, true
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
  }
  if (at > bytes.length) throw new MsgpackSplitError('truncated msgpack object')
  return at
}

/** Each object's bytes; at most `max` objects (more is an error, as is an empty input). */
export function splitMsgpack(bytes: Uint8Array, max: number): Uint8Array[] {
  const out: Uint8Array[] = []
  let at = 0
  while (at < bytes.length) {
    if (out.length === max) throw new MsgpackSplitError(`more than ${max} objects`)
    const end = objectEnd(bytes, at)
    out.push(bytes.subarray(at, end))
    at = end
  }
  if (out.length === 0) throw new MsgpackSplitError('empty')
  return out
}
