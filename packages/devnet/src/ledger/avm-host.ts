/**
 * The AVM's host: `@unica/avm`'s `Ledger` over the group's overlay, and the runner that evaluates
 * approval and clear-state programs for the apply code. Inner transactions go through
 * `performInner`, which applies them with the same code as top-level ones (go's `Perform`) and
 * records them, with their apply data, in the calling transaction's EvalDelta.
 */
import {
  applicationAddress,
  EvalParams,
  evalApp,
  innerSenderProblem,
  type AccountInfo,
  type AppParams,
  type AssetHolding,
  type AssetParams,
  type BlockHeader,
  type InnerCaller,
  type Ledger,
  type StackValue,
  type Txn,
  type TxnEffects,
  type VoterParams,
} from '@unica/avm'
import algosdk from 'algosdk'
import {
  applyTransaction,
  logsOf,
  toApplyData,
  type AppRun,
  type AppRunner,
  type Balances,
} from './apply/index.js'
import type { ChainContext } from './context.js'
import type { ExecTracing } from './tracing.js'
import { buildEvalDelta } from './eval-delta.js'
import { fail, LedgerError } from './errors.js'
import { addrKey, bytesKey, ZERO_ADDRESS } from './keys.js'
import { minBalance } from './min-balance.js'
import { Overlay } from './overlay.js'
import { AccountStatus, EMPTY_ACCOUNT, type KeyValues, type Schema } from './state.js'
import { toAlgosdkTxn } from './txn.js'
import { wellFormed } from './well-formed.js'

const LOW_BUDGET = 'attempted ClearState execution with low OpcodeBudget'

/** go's EvalError text for an app's program. */
const evalErrorText = (e: { message: string; pc: number }, appId: bigint): string =>
  `logic eval error: ${e.message}. Details: app=${appId}, pc=${e.pc}`

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e))

/** A key-value store after `key` is set to `value` (or deleted), checked against `schema`. */
function withKey(
  kvs: KeyValues,
  schema: Schema,
  key: Uint8Array,
  value: StackValue | undefined,
): KeyValues {
  const k = bytesKey(key)
  const old = kvs.kv.get(k)
  let { uints, bytes } = kvs
  if (old !== undefined) {
    if (typeof old === 'bigint') uints--
    else bytes--
  }
  if (value !== undefined) {
    if (typeof value === 'bigint') uints++
    else bytes++
  }
  if (uints > schema.uints) {
    fail(`store integer count ${uints} exceeds schema integer count ${schema.uints}`)
  }
  if (bytes > schema.bytes) {
    fail(`store bytes count ${bytes} exceeds schema bytes count ${schema.bytes}`)
  }
  const kv = new Map(kvs.kv)
  if (value === undefined) kv.delete(k)
  else kv.set(k, typeof value === 'bigint' ? value : value.slice())
  return { kv, uints, bytes }
}

export class AvmHost implements Ledger {
  /** Inner transactions of each running app call, innermost last. */
  private readonly frames: algosdk.SignedTxnWithAD[][] = []
  /** Position among inner transactions of the transaction being applied. */
  private readonly path: number[] = []
  /** Where the first (deepest) inner failure happened, for simulate's failed-at. */
  private failedPath: number[] | undefined
  /** Opcode cost of every program run since reset (inner calls rolled up). */
  appCost = 0
  /** App budget granted so far (700 per app call, inner ones included). */
  appBudgetAdded = 0

  constructor(
    readonly b: Balances,
    readonly ctx: ChainContext,
    /** simulate's exec trace, told of every transaction and program (inner ones included). */
    readonly tracing?: ExecTracing,
  ) {}

  /** Starts accounting for a new top-level transaction. */
  startTransaction(): void {
    this.failedPath = undefined
    this.appCost = 0
  }

  /** The inner path of the failure since `startTransaction`, if one failed. */
  innerFailurePath(): readonly number[] {
    return this.failedPath ?? []
  }

  runner(ep: EvalParams, gi: number): AppRunner {
    return {
      approval: (appId, program) => this.approval(ep, gi, appId, program),
      clearState: (appId, program) => this.clearState(ep, gi, appId, program),
    }
  }

  private approval(ep: EvalParams, gi: number, appId: bigint, program: Uint8Array): AppRun {
    // evalApp never throws (failures are values), so the frame is always popped.
    this.frames.push([])
    const r = this.evaluate(program, ep, gi, appId, false)
    const inner = this.frames.pop() ?? []
    this.appCost += r.cost
    if (r.error) {
      throw new LedgerError(evalErrorText(r.error, appId))
    }
    return { pass: r.pass, delta: buildEvalDelta(r, ep.group[gi].txn, inner) }
  }

  private clearState(
    ep: EvalParams,
    gi: number,
    appId: bigint,
    program: Uint8Array,
  ): AppRun | undefined {
    const parent = this.b.ov
    const child = new Overlay(parent)
    this.b.ov = child
    this.frames.push([])
    const r = this.evaluate(program, ep, gi, appId, true)
    this.b.ov = parent
    const inner = this.frames.pop() ?? []
    this.appCost += r.cost
    // Not an evaluation error in go (a plain error): it fails the transaction.
    if (r.error?.message.startsWith(LOW_BUDGET)) throw new LedgerError(r.error.message)
    if (r.error || !r.pass) {
      this.tracing?.clearStateRollback(r.error && evalErrorText(r.error, appId))
      return undefined
    }
    child.commit()
    return { pass: true, delta: buildEvalDelta(r, ep.group[gi].txn, inner) }
  }

  /** evalApp, traced for simulate when asked. */
  private evaluate(program: Uint8Array, ep: EvalParams, gi: number, appId: bigint, clear: boolean) {
    const creating = ep.group[gi].txn.applicationId === 0n
    ep.tracer = this.tracing?.program(program, clear, appId, creating)
    const r = evalApp(program, ep, gi, appId)
    ep.tracer = undefined
    return r
  }

  // ---- the AVM's Ledger ----

  round(): bigint {
    return this.ctx.round
  }
  latestTimestamp(): bigint {
    return this.ctx.latestTimestamp
  }
  genesisHash(): Uint8Array {
    return this.ctx.genesisHash
  }
  blockHeader(round: bigint): BlockHeader | undefined {
    return this.ctx.blockHeader(round)
  }

  account(addr: Uint8Array): AccountInfo {
    const a = this.b.ov.account(addrKey(addr)) ?? EMPTY_ACCOUNT
    const n = BigInt
    return {
      balance: a.balance,
      minBalance: minBalance(a, this.ctx.proto),
      authAddr: a.authAddr ?? ZERO_ADDRESS,
      totalNumUint: n(a.schemaUints),
      totalNumByteSlice: n(a.schemaBytes),
      totalExtraAppPages: n(a.extraPages),
      totalAppsCreated: n(a.totalAppParams),
      totalAppsOptedIn: n(a.totalAppLocalStates),
      totalAssetsCreated: n(a.totalAssetParams),
      totalAssets: n(a.totalAssets),
      totalBoxes: n(a.totalBoxes),
      totalBoxBytes: n(a.totalBoxBytes),
      incentiveEligible: a.incentiveEligible,
      lastProposed: 0n,
      lastHeartbeat: 0n,
    }
  }

  voterParams(addr: Uint8Array): VoterParams {
    const a = this.b.ov.account(addrKey(addr)) ?? EMPTY_ACCOUNT
    const online = a.status === AccountStatus.Online
    return { balance: online ? a.balance : 0n, incentiveEligible: a.incentiveEligible }
  }

  /** Nobody takes part in consensus on a devnet. */
  onlineStake(): bigint {
    return 0n
  }

  assetHolding(addr: Uint8Array, assetId: bigint): AssetHolding | undefined {
    return this.b.ov.holding(addrKey(addr), assetId)
  }

  assetParams(assetId: bigint): AssetParams | undefined {
    const a = this.b.ov.asset(assetId)
    if (a === undefined) return undefined
    return {
      total: a.total,
      decimals: BigInt(a.decimals),
      defaultFrozen: a.defaultFrozen,
      unitName: a.unitName,
      name: a.name,
      url: a.url,
      metadataHash: a.metadataHash.length === 0 ? ZERO_ADDRESS : a.metadataHash,
      manager: a.manager,
      reserve: a.reserve,
      freeze: a.freeze,
      clawback: a.clawback,
      creator: a.creator,
    }
  }

  appParams(appId: bigint): AppParams | undefined {
    const a = this.b.ov.app(appId)
    if (a === undefined) return undefined
    return {
      approvalProgram: a.approval,
      clearStateProgram: a.clear,
      globalNumUint: BigInt(a.globalSchema.uints),
      globalNumByteSlice: BigInt(a.globalSchema.bytes),
      localNumUint: BigInt(a.localSchema.uints),
      localNumByteSlice: BigInt(a.localSchema.bytes),
      extraProgramPages: BigInt(a.extraPages),
      creator: a.creator,
      version: a.version,
    }
  }

  optedIn(addr: Uint8Array, appId: bigint): boolean {
    return this.b.ov.local(addrKey(addr), appId) !== undefined
  }

  getGlobal(appId: bigint, key: Uint8Array): StackValue | undefined {
    return this.b.ov.app(appId)?.kv.get(bytesKey(key))
  }

  setGlobal(appId: bigint, key: Uint8Array, value: StackValue | undefined): void {
    const app = this.b.ov.app(appId) ?? fail(`app ${appId} does not exist`)
    this.b.ov.putApp(appId, { ...app, ...withKey(app, app.globalSchema, key, value) })
  }

  delGlobal(appId: bigint, key: Uint8Array): void {
    this.setGlobal(appId, key, undefined)
  }

  getLocal(addr: Uint8Array, appId: bigint, key: Uint8Array): StackValue | undefined {
    return this.b.ov.local(addrKey(addr), appId)?.kv.get(bytesKey(key))
  }

  setLocal(addr: Uint8Array, appId: bigint, key: Uint8Array, value: StackValue | undefined): void {
    const k = addrKey(addr)
    const local =
      this.b.ov.local(k, appId) ??
      fail(`cannot set key, ${algosdk.encodeAddress(addr)} has not opted in to app ${appId}`)
    this.b.ov.putLocal(k, appId, { ...local, ...withKey(local, local.schema, key, value) })
  }

  delLocal(addr: Uint8Array, appId: bigint, key: Uint8Array): void {
    this.setLocal(addr, appId, key, undefined)
  }

  getBox(appId: bigint, name: Uint8Array): Uint8Array | undefined {
    return this.b.ov.box(appId, bytesKey(name))
  }

  putBox(appId: bigint, name: Uint8Array, value: Uint8Array): void {
    if (value.length > this.ctx.proto.maxBoxSize) {
      fail(`box size too large: ${value.length}, max is ${this.ctx.proto.maxBoxSize}`)
    }
    const nameKey = bytesKey(name)
    const old = this.b.ov.box(appId, nameKey)
    const acct = addrKey(applicationAddress(appId))
    const rec = this.b.get(acct)
    if (old === undefined) {
      this.b.put(acct, {
        ...rec,
        totalBoxes: rec.totalBoxes + 1,
        totalBoxBytes: rec.totalBoxBytes + name.length + value.length,
      })
    } else if (old.length !== value.length) {
      this.b.put(acct, { ...rec, totalBoxBytes: rec.totalBoxBytes + value.length - old.length })
    }
    this.b.ov.putBox(appId, nameKey, value.slice())
  }

  delBox(appId: bigint, name: Uint8Array): boolean {
    const nameKey = bytesKey(name)
    const old = this.b.ov.box(appId, nameKey)
    if (old === undefined) return false
    const acct = addrKey(applicationAddress(appId))
    const rec = this.b.get(acct)
    this.b.put(acct, {
      ...rec,
      totalBoxes: rec.totalBoxes - 1,
      totalBoxBytes: rec.totalBoxBytes - name.length - old.length,
    })
    this.b.ov.putBox(appId, nameKey, null)
    return true
  }

  wellFormed(txn: Txn): void {
    wellFormed(txn, this.ctx.specials, this.ctx.proto)
  }

  performInner(
    caller: InnerCaller,
    txns: readonly Txn[],
    txids: readonly Uint8Array[],
  ): readonly TxnEffects[] {
    const proto = this.ctx.proto
    for (const t of txns) {
      if (t.type === 'appl') {
        caller.pools.app += proto.maxAppProgramCost
        this.appBudgetAdded += proto.maxAppProgramCost
      }
    }
    const ep = new EvalParams({
      group: txns.map((txn, i) => ({ txn, txid: txids[i] ?? new Uint8Array(32) })),
      proto,
      ledger: this,
      caller: { appId: caller.appId, appAddress: caller.appAddress, depth: caller.depth },
      pools: caller.pools,
    })
    const frame = this.frames[this.frames.length - 1] ?? []
    return txns.map((t, i) => {
      const problem = innerSenderProblem(this, caller, t.sender)
      if (problem !== undefined) throw new Error(problem)
      this.path.push(i)
      this.tracing?.beginTxn(i)
      let ad
      try {
        ad = applyTransaction(this.b, t, this.runner(ep, i), true)
      } catch (e) {
        this.failedPath ??= [...this.path]
        throw new Error(`inner tx ${i} failed: ${message(e)}`, { cause: e })
      } finally {
        this.path.pop()
        this.tracing?.endTxn()
      }
      const effects: TxnEffects = {
        logs: logsOf(ad),
        createdAssetId: ad.configAsset,
        createdApplicationId: ad.applicationId,
      }
      ep.effects[i] = effects
      frame.push(
        new algosdk.SignedTxnWithAD({
          signedTxn: new algosdk.SignedTransaction({ txn: toAlgosdkTxn(t) }),
          applyData: toApplyData(ad),
        }),
      )
      return effects
    })
  }
}
