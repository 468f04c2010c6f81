/**
 * Committed blocks, kept compact: each round's header encoding, its signed transactions as
 * encoded for the block store, their apply data (only where there is some) and their raw ids.
 * Blocks are rebuilt on demand; the most recent stay built. Transaction ids of the last 1000
 * rounds are indexed for algod's pending-transaction lookup, and the last headers are kept for
 * the AVM's `block` opcode.
 */
import type { BlockHeader as AvmBlockHeader } from '@unica/avm'
import algosdk from 'algosdk'
import { base32 } from '../ledger/ids.js'
import { avmHeader, inBlock } from './block-builder.js'
import type { CommittedBlock } from './types.js'

/** node.go GetPendingTransaction looks this many rounds back from the latest. */
const CONFIRMED_WINDOW = 1000n
const BUILT_CACHE = 64
const HEADER_WINDOW = 1024n

/** One round as the archive keeps it. */
export interface RoundRecord {
  readonly header: Uint8Array
  readonly txns: readonly Uint8Array[]
  /** Apply data of each transaction, undefined where it is empty (a plain payment). */
  readonly applyData: readonly (algosdk.ApplyData | undefined)[]
  /** The transactions' raw ids, 32 bytes each. */
  readonly ids: Uint8Array
}

const EMPTY_APPLY_DATA = new algosdk.ApplyData({})

export function isEmptyApplyData(ad: algosdk.ApplyData): boolean {
  return (
    !ad.closingAmount &&
    !ad.assetClosingAmount &&
    !ad.senderRewards &&
    !ad.receiverRewards &&
    !ad.closeRewards &&
    ad.evalDelta === undefined &&
    !ad.configAsset &&
    !ad.applicationID
  )
}

export class BlockArchive {
  private readonly rounds: RoundRecord[] = []
  private readonly built = new Map<bigint, CommittedBlock>()
  private readonly headers = new Map<bigint, AvmBlockHeader>()
  private readonly confirmed = new Map<string, bigint>()
  /** The txids of the rounds in the confirmed window (the same strings `confirmed` holds). */
  private readonly windowTxids = new Map<bigint, readonly string[]>()

  get lastRound(): bigint {
    return BigInt(this.rounds.length - 1)
  }

  /** The latest header (there is always one: genesis). */
  lastHeader(): algosdk.BlockHeader {
    return this.get(this.lastRound)!.block.header
  }

  add(committed: CommittedBlock, record: RoundRecord): void {
    const round = committed.round
    if (round !== BigInt(this.rounds.length)) {
      throw new Error(`block ${round} out of order: expected ${this.rounds.length}`)
    }
    this.rounds.push(record)
    this.cache(committed)
    this.headers.set(round, avmHeader(committed.block.header))
    this.headers.delete(round - HEADER_WINDOW)
    for (const id of committed.txids) this.confirmed.set(id, round)
    if (committed.txids.length > 0) this.windowTxids.set(round, committed.txids)
    const old = round - CONFIRMED_WINDOW - 1n
    const expired = this.windowTxids.get(old)
    if (expired !== undefined) {
      this.windowTxids.delete(old)
      for (const id of expired) this.confirmed.delete(id)
    }
  }

  get(round: bigint): CommittedBlock | undefined {
    if (round < 0n || round > this.lastRound) return undefined
    const hit = this.built.get(round)
    if (hit !== undefined) return hit
    const r = this.rounds[Number(round)]
    const header = algosdk.decodeMsgpack(r.header, algosdk.BlockHeader)
    const payset = r.txns.map((bytes, i) =>
      inBlock(algosdk.decodeSignedTransaction(bytes), r.applyData[i] ?? EMPTY_APPLY_DATA),
    )
    const committed: CommittedBlock = {
      round,
      block: new algosdk.Block({ header, payset }),
      txids: this.txidsOf(round),
    }
    this.cache(committed)
    return committed
  }

  header(round: bigint): AvmBlockHeader | undefined {
    return this.headers.get(round)
  }

  /** The round a transaction was confirmed in, within the last 1000 rounds. */
  confirmedRound(txid: string): bigint | undefined {
    return this.confirmed.get(txid)
  }

  private txidsOf(round: bigint): string[] {
    const packed = this.rounds[Number(round)].ids
    const out: string[] = []
    for (let i = 0; i < packed.length; i += 32) out.push(base32(packed.subarray(i, i + 32)))
    return out
  }

  private cache(b: CommittedBlock): void {
    this.built.set(b.round, b)
    if (this.built.size > BUILT_CACHE) {
      const oldest = this.built.keys().next().value
      if (oldest !== undefined) this.built.delete(oldest)
    }
  }
}
