/**
 * Reads `blocks.log` front to back and decides where its good part ends. After the last whole
 * record there may be: nothing; zeros (space the writer preallocated); or a record cut short by a
 * crash, possibly followed by zeros. All of those are a normal end. A damaged record FOLLOWED by
 * a valid later block is not: that is corruption in the middle, and dropping it would silently
 * lose committed blocks, so the scan refuses with a message saying where.
 */
import { readSync } from 'node:fs'
import type { StoredBlock } from '../chain/types.js'
import {
  HEADER_BYTES,
  MalformedPayloadError,
  RECORD_MAGIC,
  decodePayload,
  parseHeader,
  payloadMatches,
} from './record-codec.js'

const CHUNK_BYTES = 1024 * 1024

export class CorruptLogError extends Error {}

export interface ScanResult {
  readonly blocks: StoredBlock[]
  /** Byte offset just past the last whole record. */
  readonly goodEnd: number
  readonly lastRound: bigint
  /** What follows goodEnd: nothing, preallocated zeros, or the remains of a torn record. */
  readonly tail: 'none' | 'zeros' | 'torn'
}

/** Positional reads through a 1 MiB window; each refill is a fresh buffer, so slices stay valid. */
class WindowReader {
  private window = Buffer.alloc(0)
  private start = 0

  constructor(
    private readonly fd: number,
    readonly size: number,
  ) {}

  /** Up to `length` bytes at `position` (fewer where the file ends). */
  read(position: number, length: number): Buffer {
    const end = Math.min(position + length, this.size)
    if (position >= this.start && end <= this.start + this.window.length) {
      return this.window.subarray(position - this.start, end - this.start)
    }
    const want = Math.min(Math.max(CHUNK_BYTES, end - position), this.size - position)
    const window = Buffer.allocUnsafe(want)
    let filled = 0
    while (filled < want) {
      const got = readSync(this.fd, window, filled, want - filled, position + filled)
      if (got === 0) throw new Error(`blocks.log shrank while being read (at byte ${position})`)
      filled += got
    }
    this.window = window
    this.start = position
    return window.subarray(0, end - position)
  }
}

/** The verified block starting at `at`, or undefined if there is no whole, valid record there. */
function recordAt(
  reader: WindowReader,
  at: number,
): { block: StoredBlock; end: number } | undefined {
  const header = parseHeader(reader.read(at, HEADER_BYTES), 0)
  if (header === undefined) return undefined
  const end = at + HEADER_BYTES + header.payloadLength
  if (end > reader.size) return undefined
  const payload = reader.read(at + HEADER_BYTES, header.payloadLength)
  if (!payloadMatches(header, payload)) return undefined
  try {
    return { block: decodePayload(payload), end }
  } catch (error) {
    if (!(error instanceof MalformedPayloadError)) throw error
    throw new CorruptLogError(
      `blocks.log: the record at byte ${at} has valid checksums but an unreadable layout ` +
        `(${error.message}); it was not written by this version of the store`,
    )
  }
}

function allZeros(reader: WindowReader, from: number): boolean {
  const zeros = Buffer.alloc(Math.min(CHUNK_BYTES, reader.size - from))
  for (let at = from; at < reader.size; at += CHUNK_BYTES) {
    const chunk = reader.read(at, CHUNK_BYTES)
    if (!chunk.equals(zeros.subarray(0, chunk.length))) return false
  }
  return true
}

/** The first valid record after `from` holding a round above `lastRound`, if any. */
function laterRecord(
  reader: WindowReader,
  from: number,
  lastRound: bigint,
): { at: number; round: bigint } | undefined {
  let at = from + 1
  while (at + HEADER_BYTES <= reader.size) {
    const chunk = reader.read(at, CHUNK_BYTES)
    const hit = chunk.indexOf(RECORD_MAGIC)
    if (hit < 0) {
      // The magic may straddle the window's end: step back by its length less one.
      at += Math.max(1, chunk.length - (RECORD_MAGIC.length - 1))
      continue
    }
    const candidate = at + hit
    try {
      const found = recordAt(reader, candidate)
      if (found !== undefined && found.block.round > lastRound) {
        return { at: candidate, round: found.block.round }
      }
    } catch (error) {
      // Stray bytes that happen to look like a record are not evidence of later data.
      if (!(error instanceof CorruptLogError)) throw error
    }
    at = candidate + 1
  }
  return undefined
}

/**
 * Scans the whole log. With `collect` false the blocks are checked but not kept (enough to find
 * where to append). Throws CorruptLogError on middle corruption or a break in round order.
 */
export function scanLog(fd: number, size: number, collect: boolean): ScanResult {
  const reader = new WindowReader(fd, size)
  const blocks: StoredBlock[] = []
  let at = 0
  let lastRound = 0n
  while (at < size) {
    const found = recordAt(reader, at)
    if (found === undefined) break
    if (found.block.round !== lastRound + 1n) {
      throw new CorruptLogError(
        `blocks.log: the record at byte ${at} holds round ${found.block.round}, ` +
          `expected ${lastRound + 1n}; the log is not one chain`,
      )
    }
    if (collect) blocks.push(found.block)
    lastRound = found.block.round
    at = found.end
  }
  if (at === size) return { blocks, goodEnd: at, lastRound, tail: 'none' }
  if (allZeros(reader, at)) return { blocks, goodEnd: at, lastRound, tail: 'zeros' }
  const later = laterRecord(reader, at, lastRound)
  if (later !== undefined) {
    throw new CorruptLogError(
      `blocks.log is damaged in the middle: after round ${lastRound} the bytes at ${at} are not ` +
        `a valid record, but a valid record of round ${later.round} follows at byte ` +
        `${later.at}. Refusing to drop committed blocks; restore the data directory from a ` +
        'backup or delete it to start a fresh chain',
    )
  }
  return { blocks, goodEnd: at, lastRound, tail: 'torn' }
}
