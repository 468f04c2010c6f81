/**
 * EvalParams: what every program of one transaction group shares — the group itself, the
 * protocol, the ledger, the pooled budgets and what earlier transactions left behind (scratch
 * for gload, created ids for gaid). The host makes one per group (and one per inner group).
 */
import type { Ledger } from '../ledger.js'
import { APPS_VERSION, REKEYING_VERSION } from '../spec/versions.js'
import { MAINNET_PROTOCOL, type Protocol } from '../protocol.js'
import type { Txn, TxnEffects } from '../txn.js'
import type { BudgetPools } from './pools.js'
import type { EvalTracer } from './trace.js'
import type { UnnamedResourcePolicy } from './unnamed.js'
import type { StackValue } from './value.js'

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

export class EvalParams {
  readonly group: readonly GroupTxn[]
  readonly proto: Protocol
  readonly ledger: Ledger | undefined
  readonly caller: CallerInfo | undefined
  readonly pools: BudgetPools
  /**
   * Lowest program version any program of this group may have: older programs predate rekeying
   * and applications and could not guard against them (go-algorand computeMinAvmVersion).
   */
  readonly minVersion: number
  /** Scratch space of each app call already evaluated, for gload/gloads. */
  readonly pastScratch: (readonly StackValue[] | undefined)[]
  /** Effects of each transaction already applied, for gaid/gaids (set by the host). */
  readonly effects: (TxnEffects | undefined)[]
  /**
   * Set by a host around one program's evaluation to trace it (simulate's exec trace, see
   * trace.ts); the step loop reads it once per program.
   */
  tracer: EvalTracer | undefined = undefined
  readonly unnamedResources: UnnamedResourcePolicy | undefined

  constructor(init: EvalParamsInit) {
    this.group = init.group
    this.proto = init.proto ?? MAINNET_PROTOCOL
    this.ledger = init.ledger
    this.caller = init.caller
    this.unnamedResources = init.unnamedResources
    const appCalls = init.group.filter((g) => g.txn.type === 'appl').length
    this.pools = init.pools ?? {
      app: appCalls * this.proto.maxAppProgramCost,
      lsig: init.group.length * this.proto.logicSigMaxCost,
      // Any group with an app call may issue MaxTxGroupSize * MaxInnerTransactions (go's
      // EnableInnerTransactionPooling).
      inners: appCalls > 0 ? this.proto.maxTxGroupSize * this.proto.maxInnerTransactions : 0,
    }
    this.minVersion = Math.max(init.minVersion ?? 0, minVersionFor(init.group))
    this.pastScratch = new Array<readonly StackValue[] | undefined>(init.group.length).fill(
      undefined,
    )
    this.effects = new Array<TxnEffects | undefined>(init.group.length).fill(undefined)
  }
}

function minVersionFor(group: readonly GroupTxn[]): number {
  let min = 0
  for (const { txn } of group) {
    if (!isZero(txn.rekeyTo)) min = Math.max(min, REKEYING_VERSION)
    if (txn.type === 'appl') min = Math.max(min, APPS_VERSION)
  }
  return min
}

function isZero(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b !== 0) return false
  return true
}
