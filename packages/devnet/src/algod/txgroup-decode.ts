/**
 * Decoding of POST /v2/transactions bodies: signed transactions as concatenated msgpack objects,
 * as go-algorand's decodeTxGroup reads them (daemon/algod/api/server/v2/handlers.go): one object
 * after another until the end, at most MaxTxGroupSize of them, at least one.
 *
 * The object boundaries are found by a small iterative scanner (no recursion, so no input can
 * exhaust the stack), then each object is decoded by algosdk so the transaction is exactly what
 * algosdk clients build.
 */
import { decodeSignedTransaction, type SignedTransaction } from 'algosdk'

import { HttpError } from '../http/server.js'

/** Why a body is not a msgpack object sequence; `pos` is the byte offset, as go-codec reports it. */
export class MsgpackFormatError extends Error {
  constructor(
    readonly pos: number,
    reason: string,
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

/** The end offset of the msgpack object starting at `start`. */
export function msgpackObjectEnd(bytes: Uint8Array, start: number): number {
  let at = start
  // Objects still to read: children of containers are added as their headers are read.
  let pending = 1
  while (pending > 0) {
    if (at >= bytes.length) throw new MsgpackFormatError(at, 'unexpected EOF')
    const b = bytes[at]
    pending--
    let skip = 0
    let header = 1
    if (b <= 0x7f || b >= 0xe0 || b === 0xc0 || b === 0xc2 || b === 0xc3) {
      // fixint, negative fixint, nil, bool
    } else if (b <= 0x8f) {
      pending += 2 * (b & 0x0f)
    } else if (b <= 0x9f) {
      pending += b & 0x0f
    } else if (b <= 0xbf) {
      skip = b & 0x1f
    } else {
      switch (b) {
        case 0xc4:
        case 0xd9:
          header = 2
          skip = readUint(bytes, at + 1, 1)
          break
        case 0xc5:
        case 0xda:
          header = 3
          skip = readUint(bytes, at + 1, 2)
          break
        case 0xc6:
        case 0xdb:
          header = 5
          skip = readUint(bytes, at + 1, 4)
          break
        case 0xc7:
          header = 3
          skip = readUint(bytes, at + 1, 1)
          break
        case 0xc8:
          header = 4
          skip = readUint(bytes, at + 1, 2)
          break
        case 0xc9:
          header = 6
          skip = readUint(bytes, at + 1, 4)
          break
        case 0xca:
          skip = 4
          break
        case 0xcb:
          skip = 8
          break
        case 0xcc:
        case 0xd0:
          skip = 1
          break
        case 0xcd:
        case 0xd1:
          skip = 2
          break
        case 0xce:
        case 0xd2:
          skip = 4
          break
        case 0xcf:
        case 0xd3:
          skip = 8
          break
        case 0xd4:
        case 0xd5:
        case 0xd6:
        case 0xd7:
        case 0xd8:
          skip = 1 + (1 << (b - 0xd4))
          break
        case 0xdc:
          header = 3
          pending += readUint(bytes, at + 1, 2)
          break
        case 0xdd:
          header = 5
          pending += readUint(bytes, at + 1, 4)
          break
        case 0xde:
          header = 3
          pending += 2 * readUint(bytes, at + 1, 2)
          break
        case 0xdf:
          header = 5
          pending += 2 * readUint(bytes, at + 1, 4)
          break
        default:
          throw new MsgpackFormatError(at, `invalid byte descriptor 0x${b.toString(16)}`)
      }
    }
    at += header + skip
    if (at > bytes.length) throw new MsgpackFormatError(bytes.length, 'unexpected EOF')
  }
  return at
}

/** The signed transactions of a raw-transaction body; 400 with go-algorand's texts otherwise. */
export function decodeTxGroup(body: Uint8Array, maxGroupSize: number): SignedTransaction[] {
  const group: SignedTransaction[] = []
  let at = 0
  while (at < body.length) {
    try {
      const end = msgpackObjectEnd(body, at)
      group.push(decodeSignedTransaction(body.subarray(at, end)))
      at = end
    } catch (e) {
      if (e instanceof MsgpackFormatError) throw new HttpError(400, e.message)
      const reason = e instanceof Error ? e.message : String(e)
      throw new HttpError(400, `msgpack decode error [pos ${at}]: ${reason}`)
    }
    if (group.length > maxGroupSize) throw new HttpError(400, `max group size is ${maxGroupSize}`)
  }
  if (group.length === 0) throw new HttpError(400, 'empty txgroup')
  return group
}
