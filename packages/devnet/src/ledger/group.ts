/**
 * go-algorand ledger/eval/eval.go `TransactionGroup` and `transaction`: a verified group applied
 * on its own overlay of the block being built. For each transaction: alive in this round for this
 * genesis (`Block.Alive`), not a duplicate nor holding a live lease (`checkDup`), authorized by
 * the sender's auth address, applied, and every account it wrote still above its minimum balance.
 * Then the group's fees must cover its size. Only a group that passes everything is committed
 * into the block's overlay; otherwise nothing of it remains.
 */
import { EvalParams, encodeAddress, type UnnamedResourcePolicy } from '@unica/avm'
import { applyTransaction, Balances, logsOf, type ApplyResult } from './apply/index.js'
import { AvmHost } from './avm-host.js'
import type { ChainContext } from './context.js'
import type { ExecTracing } from './tracing.js'
import { LedgerError, showAlgos, showMicros } from './errors.js'
import { base32 } from './ids.js'
import { addrKey, bytesEqual, isZero } from './keys.js'
import { Overlay } from './overlay.js'
import { leaseKey } from './state.js'
import type { Prepared } from './verify.js'

export type GroupOutcome =
  | {
      readonly ok: true
      readonly results: readonly ApplyResult[]
      /** App opcode cost of each transaction, its inner calls included (for simulate). */
      readonly appCosts: readonly number[]
      readonly appBudgetAdded: number
    }
  | {
      readonly ok: false
      /** go's error text, e.g. "transaction TXID: overspend (...)". */
      readonly message: string
      /** Path to the failing transaction: [group index, inner index, ...]. */
      readonly failedAt: readonly number[]
      readonly results: readonly ApplyResult[]
      readonly appCosts: readonly number[]
      readonly appBudgetAdded: number
    }

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e))

/** go's BlockHeader.Alive: the round within the validity window, genesis id and hash matching. */
function aliveProblem(p: Prepared, ctx: ChainContext): string | undefined {
  const { firstValid, lastValid } = p.txn
  if (ctx.round < firstValid || ctx.round > lastValid) {
    return `txn dead: round ${ctx.round} outside of ${firstValid}--${lastValid}`
  }
  if (p.genesisId !== undefined && p.genesisId !== '' && p.genesisId !== ctx.genesisId) {
    return `tx.GenesisID <${p.genesisId}> does not match expected <${ctx.genesisId}>`
  }
  const gh = p.genesisHash
  if (gh === undefined || isZero(gh)) return 'required tx.GenesisHash is missing'
  if (!bytesEqual(gh, ctx.genesisHash)) {
    return `tx.GenesisHash <${base32(gh)}> does not match expected <${base32(ctx.genesisHash)}>`
  }
  return undefined
}

function dupProblem(p: Prepared, ov: Overlay, round: bigint): string | undefined {
  if (ov.hasTxid(p.id)) return `transaction already in ledger: ${p.id}`
  if (isZero(p.txn.lease)) return undefined
  const until = ov.leaseUntil(leaseKey(addrKey(p.txn.sender), p.txn.lease))
  if (until !== undefined && round <= until) {
    return `transaction ${p.id} using an overlapping lease (sender, lease):(${encodeAddress(p.txn.sender)}, ${encodeAddress(p.txn.lease)})`
  }
  return undefined
}

/**
 * Applies `group` (already verified) on top of `block`; commits it there only if it all passes.
 * With `dryRun` the block is left untouched either way.
 */
export interface ApplyOptions {
  /** Leave the block untouched even if the group passes. */
  readonly dryRun?: boolean
  /** simulate's extra-opcode-budget, added to the group's app budget pool. */
  readonly extraBudget?: number
  /** simulate's exec trace. */
  readonly tracing?: ExecTracing
  /** simulate's allow-unnamed-resources policy. */
  readonly unnamedResources?: UnnamedResourcePolicy
}

export function applyGroup(
  block: Overlay,
  group: readonly Prepared[],
  ctx: ChainContext,
  options: ApplyOptions = {},
): GroupOutcome {
  const proto = ctx.proto
  const results: ApplyResult[] = []
  const appCosts: number[] = group.map(() => 0)
  const ov = new Overlay(block)
  const specials = {
    feeSink: addrKey(ctx.specials.feeSink),
    rewardsPool: addrKey(ctx.specials.rewardsPool),
  }
  const b = new Balances(ov, proto, specials, ctx.round)
  const host = new AvmHost(b, ctx, options.tracing)
  host.appBudgetAdded = group.filter((p) => p.txn.type === 'appl').length * proto.maxAppProgramCost
  const failed = (msg: string, at: readonly number[]): GroupOutcome => ({
    ok: false,
    message: msg,
    failedAt: at,
    results,
    appCosts,
    appBudgetAdded: host.appBudgetAdded,
  })
  if (group.length > proto.maxTxGroupSize) {
    return failed(`group size ${group.length} exceeds maximum ${proto.maxTxGroupSize}`, [])
  }
  const ep = new EvalParams({
    group: group.map((p) => ({ txn: p.txn, txid: p.txid })),
    proto,
    ledger: host,
    unnamedResources: options.unnamedResources,
  })
  ep.pools.app += options.extraBudget ?? 0
  for (const [gi, p] of group.entries()) {
    const early = aliveProblem(p, ctx) ?? dupProblem(p, ov, ctx.round)
    if (early !== undefined) return failed(early, [gi])
    const sender = addrKey(p.txn.sender)
    const auth = b.get(sender).authAddr ?? p.txn.sender
    if (!bytesEqual(auth, p.authorizer)) {
      return failed(
        `transaction ${p.id}: should have been authorized by ${encodeAddress(auth)} but was actually authorized by ${encodeAddress(p.authorizer)}`,
        [gi],
      )
    }
    host.startTransaction()
    options.tracing?.beginTxn(gi)
    try {
      const ad = applyTransaction(b, p.txn, host.runner(ep, gi), false)
      results.push(ad)
      appCosts[gi] = host.appCost
      ep.effects[gi] = {
        logs: logsOf(ad),
        createdAssetId: ad.configAsset,
        createdApplicationId: ad.applicationId,
      }
      b.checkMinBalances()
    } catch (e) {
      if (!(e instanceof LedgerError) && !(e instanceof Error)) throw e
      appCosts[gi] = host.appCost
      return failed(`transaction ${p.id}: ${message(e)}`, [gi, ...host.innerFailurePath()])
    } finally {
      options.tracing?.endTxn()
    }
    ov.rememberTxid(p.id, p.txn.lastValid)
    if (!isZero(p.txn.lease)) ov.rememberLease(leaseKey(sender, p.txn.lease), p.txn.lastValid)
  }
  // Fees are pooled: the group pays at least the minimum fee for each of its transactions
  // (go's CheckGroupFees; inner transactions' fees are the AVM's check, from the same pool).
  const paid = group.reduce((n, p) => n + p.txn.fee, 0n)
  const needed = proto.minTxnFee * BigInt(group.length)
  if (paid < needed) {
    return failed(
      `txgroup with ${showAlgos(paid)} fees is less than ${showAlgos(needed)} (usage=${showMicros(BigInt(group.length) * 1_000_000n)} * base=${showAlgos(proto.minTxnFee)})`,
      [],
    )
  }
  if (options.dryRun !== true) ov.commit()
  return { ok: true, results, appCosts, appBudgetAdded: host.appBudgetAdded }
}
