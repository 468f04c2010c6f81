/**
 * What a host gives an EvalParams (context.ts) of one transaction group: the group itself, the
 * protocol, the ledger, and for an inner group its caller and the pools it shares.
 */
import type { Ledger } from '../ledger.js'
import type { Protocol } from '../protocol.js'
import type { Txn } from '../txn.js'
import type { BudgetPools } from './pools.js'
import type { UnnamedResourcePolicy } from './unnamed.js'

export type { BudgetPools } from './pools.js'

export interface GroupTxn {
  readonly txn: Txn
  /** Raw 32-byte transaction id (what `txn TxID` pushes). */
  readonly txid: Uint8Array
  /** Logic-sig program and arguments, when this transaction is signed by one. */
  readonly lsig?: { readonly program: Uint8Array; readonly args: readonly Uint8Array[] }
}

/** The app call that issued an inner group, seen from the inner programs. */
export interface CallerInfo {
  readonly appId: bigint
  readonly appAddress: Uint8Array
  /** 0 for a top-level app call. */
  readonly depth: number
}

export interface EvalParamsInit {
  readonly group: readonly GroupTxn[]
  readonly proto?: Protocol
  readonly ledger?: Ledger
  /** Set for inner groups: the calling app, and the pools of the top-level group. */
  readonly caller?: CallerInfo
  readonly pools?: BudgetPools
  /** Lowest program version allowed, e.g. the caller's for an inner group. */
  readonly minVersion?: number
  /** simulate's allow-unnamed-resources (unnamed.ts); top-level groups only, inner ones share it. */
  readonly unnamedResources?: UnnamedResourcePolicy
}
