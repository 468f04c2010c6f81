/**
 * What the algod routes share: the chain, the node's view of time (when the last block was seen,
 * for `time-since-last-round`), and a signal that fires when the server closes so that long polls
 * (wait-for-block-after) end at once instead of holding the shutdown for a minute.
 */
import { modelsv2 } from 'algosdk'

import type { Chain } from '../chain/types.js'

export interface AlgodOptions {
  /** How long wait-for-block-after blocks at most (algod: WaitForBlockTimeout, one minute). */
  readonly waitForBlockTimeoutMs?: number
}

export interface AlgodContext {
  readonly chain: Chain
  readonly waitForBlockTimeoutMs: number
  /** process.hrtime.bigint() when the node last saw a new block (or started). */
  lastBlockSeenAt: bigint
  /** Resolves when the server starts closing (and `isClosing` turns true). */
  readonly closing: Promise<void>
  isClosing: boolean
}

/** algod's node status (GET /v2/status), from the chain's latest round. */
export function nodeStatus(ctx: AlgodContext): modelsv2.NodeStatusResponse {
  const lastRound = ctx.chain.lastRound()
  const proto = ctx.chain.genesis.proto
  return new modelsv2.NodeStatusResponse({
    catchupTime: 0,
    lastRound,
    lastVersion: proto,
    nextVersion: proto,
    nextVersionRound: lastRound + 1n,
    nextVersionSupported: true,
    stoppedAtUnsupportedRound: false,
    timeSinceLastRound: process.hrtime.bigint() - ctx.lastBlockSeenAt,
  })
}
