/** What a group's evaluation needs to know about the chain around it. */
import type { BlockHeader } from '@unica/avm'
import type { LedgerProtocol } from './protocol.js'
import type { SpecialAddresses } from './well-formed.js'

export interface ChainContext {
  readonly proto: LedgerProtocol
  /** The round of the block being built. */
  readonly round: bigint
  /** Timestamp of the latest committed block. */
  readonly latestTimestamp: bigint
  readonly genesisId: string
  readonly genesisHash: Uint8Array
  readonly specials: SpecialAddresses
  /** A committed block's header, as the AVM's `block` opcode reads it. */
  blockHeader(round: bigint): BlockHeader | undefined
}
