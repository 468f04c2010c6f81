/**
 * Deterministic blocks for the store tests: the content of round n is a function of n, so a
 * reader can check every byte of what it loads without being told what was written.
 */
import type { StoredBlock } from '../../src/chain/types.js'

export interface FixtureOptions {
  /** Every `bulkyEvery`-th round carries one large transaction (to make writes tearable). */
  readonly bulkyEvery?: number
  readonly bulkyBytes?: number
}

function txnBytes(round: bigint, group: number, index: number, length: number): Uint8Array {
  const bytes = new Uint8Array(length)
  let state = Number((round * 2654435761n + BigInt(group * 97 + index * 13)) % 4294967296n)
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0
    bytes[i] = state >>> 24
  }
  return bytes
}

export function blockFor(round: bigint, options: FixtureOptions = {}): StoredBlock {
  const groupCount = Number(round % 5n) // round 5, 10, ... are empty blocks
  const groups: Uint8Array[][] = []
  for (let g = 0; g < groupCount; g++) {
    const size = 1 + Number((round + BigInt(g)) % 3n)
    const group: Uint8Array[] = []
    for (let t = 0; t < size; t++) {
      group.push(txnBytes(round, g, t, 10 + Number((round * 7n + BigInt(g + t)) % 200n)))
    }
    groups.push(group)
  }
  const { bulkyEvery, bulkyBytes = 256 * 1024 } = options
  if (bulkyEvery !== undefined && round % BigInt(bulkyEvery) === 0n) {
    groups.push([txnBytes(round, 99, 0, bulkyBytes)])
  }
  return { round, timestamp: 1_700_000_000n + round * 3n, groups }
}

export function blocksUpTo(last: number, options: FixtureOptions = {}): StoredBlock[] {
  return Array.from({ length: last }, (_, i) => blockFor(BigInt(i + 1), options))
}

/** Plain-data view for deep equality (Buffer vs Uint8Array must not matter). */
export function plain(blocks: readonly StoredBlock[]): unknown {
  return blocks.map((b) => ({
    round: b.round,
    timestamp: b.timestamp,
    groups: b.groups.map((g) => g.map((t) => Buffer.from(t).toString('hex'))),
  }))
}
