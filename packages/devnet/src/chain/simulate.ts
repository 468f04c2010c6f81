/**
 * POST /v2/transactions/simulate, after go-algorand ledger/simulation/simulator.go: one group,
 * checked and evaluated as the next block would evaluate it, on a throwaway overlay of the
 * committed state. Options: allow-empty-signatures (an unsigned transaction passes the signature
 * check; its declared signer must still be right), fix-signers (with it, the signer is taken from
 * the account), allow-more-logging, extra-opcode-budget. A failure is reported in the result
 * (failure-message, failed-at) as algod reports it; a request that cannot be simulated at all
 * throws SimulateRequestError, which algod answers with 400.
 *
 * exec-trace-config traces each program's instructions and the initial states of the app state
 * they touch (simulate-trace.ts).
 *
 * allow-unnamed-resources lets programs touch resources the group does not name, within what
 * the group could name, and reports them (simulate-resources.ts).
 *
 * Not supported: simulating at an older round.
 */
import algosdk, { modelsv2 } from 'algosdk'
import { toApplyData } from '../ledger/apply/index.js'
import type { CommittedState } from '../ledger/committed.js'
import type { ChainContext } from '../ledger/context.js'
import { applyGroup } from '../ledger/group.js'
import { addrKey, bytesEqual, isZero } from '../ledger/keys.js'
import { Overlay } from '../ledger/overlay.js'
import { prepare, verifyGroup } from '../ledger/verify.js'
import { sigLedger } from './block-builder.js'
import { pendingResponse, poolResponse } from './pending.js'
import { UnnamedResources } from './simulate-resources.js'
import { SimulationTracing } from './simulate-trace.js'

export class SimulateRequestError extends Error {
  override readonly name = 'SimulateRequestError'
}

/** ledger/simulation/trace.go MaxExtraOpcodeBudget, LogBytesLimit; bounds.MaxLogCalls. */
const MAX_EXTRA_OPCODE_BUDGET = 20_000 * 16
const MAX_LOG_CALLS = 2048
const LOG_BYTES_LIMIT = 65_536
/** ledger/simulation/trace.go ResultLatestVersion. */
const RESULT_VERSION = 2

const unsigned = (s: algosdk.SignedTransaction): boolean =>
  (s.sig === undefined || isZero(s.sig)) && s.msig === undefined && s.lsig === undefined

/** go's FixSigners: an unsigned transaction is signed (in the request) by its sender's authorizer. */
function fixSigners(
  stxns: readonly algosdk.SignedTransaction[],
  state: CommittedState,
): algosdk.SignedTransaction[] {
  const rekeys = new Map<string, Uint8Array>()
  const out = [...stxns]
  for (const [i, s] of stxns.entries()) {
    const sender = s.txn.sender.publicKey
    if (unsigned(s)) {
      const key = addrKey(sender)
      const auth = rekeys.get(key) ?? state.account(key)?.authAddr ?? sender
      const sgnr = bytesEqual(auth, sender) ? undefined : new algosdk.Address(auth)
      out[i] = new algosdk.SignedTransaction({ txn: s.txn, sgnr })
    }
    // Later signers may depend on what the app does; go corrects those while evaluating.
    if (s.txn.type === algosdk.TransactionType.appl) break
    if (s.txn.rekeyTo !== undefined) rekeys.set(addrKey(sender), s.txn.rekeyTo.publicKey)
  }
  return out
}

/** go's validateSimulateRequest: what to trace; nothing unless `enable` is set. */
function execTracing(
  config: modelsv2.SimulateTraceConfig | undefined,
  groupSize: number,
): SimulationTracing | undefined {
  if (config === undefined) return undefined
  const options = {
    stack: config.stackChange === true,
    scratch: config.scratchChange === true,
    state: config.stateChange === true,
  }
  if (config.enable !== true) {
    const what = options.stack
      ? 'stack'
      : options.scratch
        ? 'scratch slot change'
        : options.state
          ? 'app state change'
          : undefined
    if (what !== undefined) {
      throw new SimulateRequestError(`basic trace must be enabled when enabling ${what} tracing`)
    }
    return undefined
  }
  return new SimulationTracing(options, groupSize)
}

const nonZero = (n: number): number | undefined => (n === 0 ? undefined : n)

export function simulate(
  req: modelsv2.SimulateRequest,
  state: CommittedState,
  ctx: ChainContext,
  lastRound: bigint,
): modelsv2.SimulateResponse {
  if (req.fixSigners === true && req.allowEmptySignatures !== true) {
    throw new SimulateRequestError('FixSigners requires AllowEmptySignatures to be enabled')
  }
  if (req.round !== undefined && req.round !== 0n && req.round !== lastRound) {
    throw new SimulateRequestError(
      `simulating at round ${req.round} is not supported on this devnet: only the latest round (${lastRound})`,
    )
  }
  if (req.txnGroups.length !== 1) {
    throw new SimulateRequestError(`expected 1 transaction group, got ${req.txnGroups.length}`)
  }
  const extra = req.extraOpcodeBudget ?? 0
  if (extra > MAX_EXTRA_OPCODE_BUDGET) {
    throw new SimulateRequestError(
      `extra budget ${extra} > simulation extra budget limit ${MAX_EXTRA_OPCODE_BUDGET}`,
    )
  }
  const input = req.txnGroups[0].txns
  if (input.length === 0) throw new SimulateRequestError('empty txgroup')
  const moreLogging = req.allowMoreLogging === true
  const sctx: ChainContext = moreLogging
    ? { ...ctx, proto: { ...ctx.proto, maxLogCalls: MAX_LOG_CALLS, maxLogSize: LOG_BYTES_LIMIT } }
    : ctx
  const tracing = execTracing(req.execTraceConfig, input.length)
  const stxns = req.fixSigners === true ? fixSigners(input, state) : [...input]
  const prepared = stxns.map(prepare)
  const block = new Overlay(state)

  const verified = verifyGroup(prepared, sctx, sigLedger(block, sctx), {
    allowEmptySignatures: req.allowEmptySignatures === true,
    tracing,
  })
  if (verified.failure !== undefined && verified.failure.index < 0) {
    throw new SimulateRequestError(verified.failure.message)
  }
  const unnamed =
    req.allowUnnamedResources === true
      ? new UnnamedResources(
          prepared.map((p) => p.stxn.txn),
          sctx.proto,
        )
      : undefined
  const outcome =
    verified.failure === undefined
      ? applyGroup(block, prepared, sctx, {
          extraBudget: extra,
          tracing,
          unnamedResources: unnamed,
        })
      : undefined

  const txnResults = prepared.map((p, i) => {
    const ad = outcome?.results[i]
    const inputSigner = input[i].sgnr?.publicKey ?? input[i].txn.sender.publicKey
    return new modelsv2.SimulateTransactionResult({
      txnResult: ad === undefined ? poolResponse(p.stxn) : pendingResponse(p.stxn, toApplyData(ad)),
      appBudgetConsumed: nonZero(outcome?.appCosts[i] ?? 0),
      logicSigBudgetConsumed: nonZero(verified.lsigCosts[i] ?? 0),
      fixedSigner: bytesEqual(inputSigner, p.authorizer)
        ? undefined
        : new algosdk.Address(p.authorizer),
      execTrace: tracing?.execTrace(i),
      unnamedResourcesAccessed: unnamed?.txnReport(i),
    })
  })
  const failure =
    verified.failure !== undefined
      ? { message: verified.failure.message, at: [verified.failure.index] }
      : outcome !== undefined && !outcome.ok
        ? { message: outcome.message, at: [...outcome.failedAt] }
        : undefined
  const consumed = (outcome?.appCosts ?? []).reduce((n, c) => n + c, 0)
  const group = new modelsv2.SimulateTransactionGroupResult({
    txnResults,
    failureMessage: failure?.message,
    failedAt: failure?.at,
    appBudgetAdded: nonZero((outcome?.appBudgetAdded ?? 0) + extra),
    appBudgetConsumed: nonZero(consumed),
    unnamedResourcesAccessed: unnamed?.groupReport(),
  })
  const overrides =
    req.allowEmptySignatures === true ||
    moreLogging ||
    extra > 0 ||
    req.fixSigners === true ||
    req.allowUnnamedResources === true
      ? new modelsv2.SimulationEvalOverrides({
          allowEmptySignatures: req.allowEmptySignatures === true ? true : undefined,
          allowUnnamedResources: req.allowUnnamedResources === true ? true : undefined,
          maxLogCalls: moreLogging ? MAX_LOG_CALLS : undefined,
          maxLogSize: moreLogging ? LOG_BYTES_LIMIT : undefined,
          extraOpcodeBudget: nonZero(extra),
          fixSigners: req.fixSigners === true ? true : undefined,
        })
      : undefined
  return new modelsv2.SimulateResponse({
    lastRound,
    version: RESULT_VERSION,
    txnGroups: [group],
    evalOverrides: overrides,
    execTraceConfig: req.execTraceConfig,
    initialStates: tracing?.initialStates(),
  })
}
