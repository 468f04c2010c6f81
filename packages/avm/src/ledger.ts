/**
 * Everything the AVM needs from the chain, in one interface. `packages/devnet` implements it over
 * its ledger state; tests use `test/fake-ledger.ts`. Addresses are 32-byte keys; ids are bigint.
 *
 * Writes go straight to the ledger, which is expected to stage them (a copy-on-write view per
 * transaction group) so that a rejected program or group leaves no trace. The evaluator also
 * records what it wrote, for its result's state deltas.
 */
import type { BudgetPools } from './eval/pools.js'
import type { StackValue } from './eval/value.js'
import type { AppProgramsAndSchemas, Txn, TxnEffects } from './txn.js'

export interface AccountInfo {
  readonly balance: bigint
  readonly minBalance: bigint
  /** Zero address when not rekeyed. */
  readonly authAddr: Uint8Array
  readonly totalNumUint: bigint
  readonly totalNumByteSlice: bigint
  readonly totalExtraAppPages: bigint
  readonly totalAppsCreated: bigint
  readonly totalAppsOptedIn: bigint
  readonly totalAssetsCreated: bigint
  readonly totalAssets: bigint
  readonly totalBoxes: bigint
  readonly totalBoxBytes: bigint
  readonly incentiveEligible: boolean
  readonly lastProposed: bigint
  readonly lastHeartbeat: bigint
}

export interface AssetHolding {
  readonly amount: bigint
  readonly frozen: boolean
}

/** An asset's names and roles, as the AVM reads them and the devnet stores them. */
export interface AssetNamesAndRoles {
  readonly unitName: Uint8Array
  readonly name: Uint8Array
  readonly url: Uint8Array
  /** 32 bytes, or empty when unset. */
  readonly metadataHash: Uint8Array
  /** Zero address when unset (cleared for good). */
  readonly manager: Uint8Array
  readonly reserve: Uint8Array
  readonly freeze: Uint8Array
  readonly clawback: Uint8Array
}

export interface AssetParams extends AssetNamesAndRoles {
  readonly total: bigint
  readonly decimals: bigint
  readonly defaultFrozen: boolean
  readonly creator: Uint8Array
}

export interface AppParams extends AppProgramsAndSchemas {
  readonly creator: Uint8Array
  readonly version: bigint
}

export interface BlockHeader {
  readonly seed: Uint8Array
  readonly timestamp: bigint
  readonly proposer: Uint8Array
  readonly feesCollected: bigint
  readonly bonus: bigint
  readonly branch: Uint8Array
  readonly feeSink: Uint8Array
  readonly protocol: Uint8Array
  readonly txnCounter: bigint
  readonly proposerPayout: bigint
}

export interface VoterParams {
  readonly balance: bigint
  readonly incentiveEligible: boolean
}

/** Who is submitting inner transactions, for the host to validate and apply them. */
export interface InnerCaller {
  readonly appId: bigint
  readonly appAddress: Uint8Array
  /** Depth of the calling app: 0 for a top-level app call. */
  readonly depth: number
  /** The calling program's pooled budgets, which inner EvalParams must share. */
  readonly pools: BudgetPools
}

export interface Ledger {
  /** The round being evaluated (the next block's round). */
  round(): bigint
  /** Timestamp of the latest committed block. */
  latestTimestamp(): bigint
  genesisHash(): Uint8Array
  /** A committed block's header, or undefined when out of the available range. */
  blockHeader(round: bigint): BlockHeader | undefined

  /** Never undefined: a never-seen account is all zeros. */
  account(addr: Uint8Array): AccountInfo
  voterParams(addr: Uint8Array): VoterParams
  onlineStake(): bigint
  assetHolding(addr: Uint8Array, assetId: bigint): AssetHolding | undefined
  assetParams(assetId: bigint): AssetParams | undefined
  appParams(appId: bigint): AppParams | undefined
  optedIn(addr: Uint8Array, appId: bigint): boolean

  getGlobal(appId: bigint, key: Uint8Array): StackValue | undefined
  setGlobal(appId: bigint, key: Uint8Array, value: StackValue): void
  delGlobal(appId: bigint, key: Uint8Array): void
  getLocal(addr: Uint8Array, appId: bigint, key: Uint8Array): StackValue | undefined
  setLocal(addr: Uint8Array, appId: bigint, key: Uint8Array, value: StackValue): void
  delLocal(addr: Uint8Array, appId: bigint, key: Uint8Array): void

  getBox(appId: bigint, name: Uint8Array): Uint8Array | undefined
  /** Creates or replaces a box, charging min balance to the app account (host enforces it). */
  putBox(appId: bigint, name: Uint8Array, value: Uint8Array): void
  delBox(appId: bigint, name: Uint8Array): boolean

  /**
   * Applies one inner group submitted by `caller` (itxn_submit) and returns each transaction's
   * effects, or throws an Error whose message explains the rejection; the AVM fails the program
   * with that message unchanged (go-algorand's wording is `inner tx N failed: REASON`, and for an
   * unauthorized sender `app ID (addr ADDR) unauthorized AUTHORIZER`: see `checkInnerSender`).
   *
   * The AVM has already checked everything go-algorand's itxn_submit checks (fees, limits,
   * well-formedness via `wellFormed`, re-entrancy, depth, versions, resource availability),
   * decremented `pools.inners`, set `group` on the transactions of a group of more than one,
   * computed their ids (`txids`, go's InnerID) and checked the authorization of the first
   * sender. For each transaction `i`, in order, the host must:
   *  - check that its sender is still authorized by `caller.appAddress`, since an earlier
   *    transaction of the group may have rekeyed it away (`checkInnerSender`);
   *  - apply it; for an app call, evaluate the program with the AVM, using an EvalParams whose
   *    group is these transactions (with `txids`), whose `caller` is `caller` and whose `pools`
   *    are `caller.pools` (the calling program's), after adding `proto.maxAppProgramCost` to
   *    `pools.app` for every app call of the group (go's NewInnerEvalParams);
   *  - record its effects in that EvalParams' `effects[i]` before applying the next.
   */
  performInner(
    caller: InnerCaller,
    txns: readonly Txn[],
    txids: readonly Uint8Array[],
  ): readonly TxnEffects[]

  /**
   * Optional: go-algorand's `Transaction.WellFormed` for an inner transaction, throwing an Error
   * with its message when the transaction is malformed. itxn_submit calls it first for each
   * transaction, where go does; without it those checks are left to `performInner`.
   */
  wellFormed?(txn: Txn): void
}
