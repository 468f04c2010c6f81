/**
 * The binary layout of one block record in `blocks.log` (format version 1). All integers are
 * little-endian.
 *
 * Record = 16-byte header + payload:
 *
 *   offset size  field
 *   0      4     magic "UDBK" (0x55 0x44 0x42 0x4B)
 *   4      4     payload length L (u32, at most MAX_PAYLOAD_BYTES)
 *   8      4     CRC-32 of the payload
 *   12     4     CRC-32 of header bytes 0..11
 *   16     L     payload
 *
 * Payload:
 *
 *   u64 round, u64 timestamp (seconds), u32 group count,
 *   then per group: u32 transaction count,
 *   then per transaction: u32 byte length, the msgpack-encoded signed transaction as submitted.
 *
 * The header has its own checksum so a damaged length is never trusted: recovery can tell a
 * record cut short by a crash (valid header, payload runs past the end of the file) from garbage.
 */
import { crc32 } from 'node:zlib'
import type { StoredBlock } from '../chain/types.js'

export const HEADER_BYTES = 16
/** A block is at most ~5 MB in go-algorand (MaxTxnBytesPerBlock); this leaves ample room. */
export const MAX_PAYLOAD_BYTES = 64 * 1024 * 1024
export const RECORD_MAGIC = Buffer.from('UDBK', 'latin1')
const MAGIC_U32 = RECORD_MAGIC.readUInt32LE(0)
const U64_MAX = (1n << 64n) - 1n

export interface RecordHeader {
  readonly payloadLength: number
  readonly payloadCrc: number
}

/** Refuses a block the layout cannot represent, before anything is written. */
export function checkEncodable(block: StoredBlock): void {
  if (block.round < 1n || block.round > U64_MAX) {
    throw new RangeError(`block round ${block.round} is outside 1..2^64-1`)
  }
  if (block.timestamp < 0n || block.timestamp > U64_MAX) {
    throw new RangeError(`block timestamp ${block.timestamp} is outside 0..2^64-1`)
  }
}

function payloadLength(block: StoredBlock): number {
  let length = 8 + 8 + 4
  for (const group of block.groups) {
    length += 4
    for (const txn of group) length += 4 + txn.length
  }
  return length
}

/** The whole record (header and payload) in one buffer, ready for a single write. */
export function encodeRecord(block: StoredBlock): Buffer {
  checkEncodable(block)
  const length = payloadLength(block)
  if (length > MAX_PAYLOAD_BYTES) {
    throw new RangeError(`block ${block.round} is ${length} bytes, over ${MAX_PAYLOAD_BYTES}`)
  }
  const record = Buffer.allocUnsafe(HEADER_BYTES + length)
  let at = HEADER_BYTES
  at = record.writeBigUInt64LE(block.round, at)
  at = record.writeBigUInt64LE(block.timestamp, at)
  at = record.writeUInt32LE(block.groups.length, at)
  for (const group of block.groups) {
    at = record.writeUInt32LE(group.length, at)
    for (const txn of group) {
      at = record.writeUInt32LE(txn.length, at)
      record.set(txn, at)
      at += txn.length
    }
  }
  record.writeUInt32LE(MAGIC_U32, 0)
  record.writeUInt32LE(length, 4)
  record.writeUInt32LE(crc32(record.subarray(HEADER_BYTES)), 8)
  record.writeUInt32LE(crc32(record.subarray(0, 12)), 12)
  return record
}

/** The header at `at` if its magic and checksum hold and its length is plausible. */
export function parseHeader(bytes: Buffer, at: number): RecordHeader | undefined {
  if (bytes.length - at < HEADER_BYTES) return undefined
  if (bytes.readUInt32LE(at) !== MAGIC_U32) return undefined
  if (bytes.readUInt32LE(at + 12) !== crc32(bytes.subarray(at, at + 12))) return undefined
  const payloadLength = bytes.readUInt32LE(at + 4)
  if (payloadLength > MAX_PAYLOAD_BYTES) return undefined
  return { payloadLength, payloadCrc: bytes.readUInt32LE(at + 8) }
}

export function payloadMatches(header: RecordHeader, payload: Buffer): boolean {
  return payload.length === header.payloadLength && crc32(payload) === header.payloadCrc
}

/** Thrown when a checksummed payload does not follow the layout: a bug or a foreign file. */
export class MalformedPayloadError extends Error {}

/**
 * Decodes a verified payload. The transactions are views into one private copy of the
 * payload, so a block costs one allocation and never aliases the reader's buffer.
 */
export function decodePayload(source: Buffer): StoredBlock {
  // Not Buffer.from: small copies land in Node's shared 8 KB pool, which views would expose.
  const payload = Buffer.allocUnsafeSlow(source.length)
  source.copy(payload)
  let at = 0
  const need = (bytes: number): void => {
    if (at + bytes > payload.length) {
      throw new MalformedPayloadError(`payload ends at byte ${payload.length}, needs ${at + bytes}`)
    }
  }
  need(20)
  const round = payload.readBigUInt64LE(0)
  const timestamp = payload.readBigUInt64LE(8)
  const groupCount = payload.readUInt32LE(16)
  at = 20
  const groups: Uint8Array[][] = []
  for (let g = 0; g < groupCount; g++) {
    need(4)
    const txnCount = payload.readUInt32LE(at)
    at += 4
    const group: Uint8Array[] = []
    for (let t = 0; t < txnCount; t++) {
      need(4)
      const length = payload.readUInt32LE(at)
      at += 4
      need(length)
      group.push(new Uint8Array(payload.buffer, payload.byteOffset + at, length))
      at += length
    }
    groups.push(group)
  }
  if (at !== payload.length) {
    throw new MalformedPayloadError(`${payload.length - at} stray bytes after the last group`)
  }
  if (round < 1n) throw new MalformedPayloadError('round 0 is never stored')
  return { round, timestamp, groups }
}
