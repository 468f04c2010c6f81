/**
 * Inner transactions: itxn_begin, itxn_next, itxn_field, itxn_submit, and reading the last
 * submitted group with itxn, itxna, itxnas (its last transaction) and gitxn, gitxna, gitxnas
 * (transaction T of it), after go-algorand's eval.go.
 *
 * itxn_submit makes every check go's opItxnSubmit makes (see inner-submit.ts), computes the
 * group id and the inner transaction ids, and hands the group to `Ledger.performInner`, whose
 * contract (ledger.ts) covers what the host must do while applying it.
 */
import { ON_COMPLETION, NO_EFFECTS, type Txn } from '../../txn.js'
import type { EvalContext, InnerGroupResult, InnerTxnDraft } from '../context.js'
import { fail } from '../errors.js'
import type { OpFamily } from '../handler.js'
import { draftToTxn, innerFieldSpec, setInnerField } from '../inner-draft.js'
import { checkInnerAllowed, checkInnerAppCall, innerSenderProblem } from '../inner-submit.js'
import { appAddress, groupResources, ledgerOf, viaHost } from '../resources.js'
import { ledgerBlockTime, txnFieldSpecFor, txnFieldValue } from '../txn-field-values.js'
import { groupId, innerTxnId } from '../txn-encoding.js'
import type { StackValue } from '../value.js'

/** go's MicroAlgos.String, used in fee messages. */
function showAlgos(v: bigint): string {
  if (v === 0n) return '0.0A'
  if (v < 1000n) return `${v}uA`
  const frac = (n: bigint, width: number): string => n.toString().padStart(width, '0')
  if (v < 1_000_000n) {
    return v % 1000n === 0n ? `${v / 1000n}mA` : `${v / 1000n}.${frac(v % 1000n, 3)}mA`
  }
  const whole = v / 1_000_000n
  return v % 1_000_000n === 0n ? `${whole}A` : `${whole}.${frac(v % 1_000_000n, 6)}A`
}

const feeOf = (d: InnerTxnDraft): bigint => {
  const fee = d.get('fee')
  return typeof fee === 'bigint' ? fee : 0n
}

function tooMany(cx: EvalContext, n: number, over: boolean): void {
  const left = cx.ep.pools.inners
  if (n > left || over) fail(`too many inner transactions ${n} with ${left} left`)
}

/** go's addInnerTxn: a new draft whose default fee covers what the group still lacks. */
function addInner(cx: EvalContext): void {
  const drafts = cx.innerDrafts ?? []
  // One more than allowed may be built (v5 failed only at submit); the group size is exact.
  tooMany(cx, drafts.length, drafts.length >= cx.ep.proto.maxTxGroupSize)
  const r = groupResources(cx)
  const needed = cx.ep.proto.minTxnFee * BigInt(drafts.length + 1)
  const paid = drafts.reduce((n, d) => n + feeOf(d), 0n)
  let fee = 0n
  if (paid < needed) {
    // Credit shrinks the default, but is only spent at submit (the fee may yet change).
    fee = needed - paid
    fee = fee > r.feeCredit ? fee - r.feeCredit : 0n
  }
  const draft: InnerTxnDraft = new Map<string, StackValue | StackValue[]>([
    ['sender', appAddress(cx.appId).slice()],
    ['fee', fee],
    ['firstValid', cx.txn.firstValid],
    ['lastValid', cx.txn.lastValid],
  ])
  cx.innerDrafts = [...drafts, draft]
}

/** Fees are pooled across the inner group, and overpayment anywhere in the tree is credit. */
function payFees(cx: EvalContext, drafts: readonly InnerTxnDraft[]): void {
  const r = groupResources(cx)
  const needed = cx.ep.proto.minTxnFee * BigInt(drafts.length)
  const paid = drafts.reduce((n, d) => n + feeOf(d), 0n)
  if (paid >= needed) {
    r.feeCredit += paid - needed
    return
  }
  const shortfall = needed - paid
  if (r.feeCredit < shortfall) {
    // go also prints the transactions (%#v); that dump is left out.
    fail(
      `group fee ${showAlgos(paid)} too small (needs ${showAlgos(shortfall - r.feeCredit)} more)`,
    )
  }
  r.feeCredit -= shortfall
}

/** Inner transactions this program submitted before the current draft. */
const submitted = (cx: EvalContext): number => cx.innerGroups.reduce((n, g) => n + g.txns.length, 0)

const currentTxid = (cx: EvalContext): Uint8Array => cx.ep.group[cx.groupIndex].txid

/** Sets the group id (groups of two or more) and computes each transaction's id. */
function identify(cx: EvalContext, txns: Txn[]): { txns: Txn[]; txids: Uint8Array[] } {
  const parent = currentTxid(cx)
  const base = submitted(cx)
  let grouped = txns
  if (txns.length > 1) {
    const gid = groupId(txns.map((t, i) => innerTxnId(t, parent, base + i)))
    grouped = txns.map((t) => ({ ...t, group: gid }))
  }
  return { txns: grouped, txids: grouped.map((t, i) => innerTxnId(t, parent, base + i)) }
}

function submit(cx: EvalContext): void {
  const drafts = cx.innerDrafts ?? []
  tooMany(cx, drafts.length, drafts.length > cx.ep.proto.maxTxGroupSize)
  if (drafts.length === 0) fail('itxn_submit without itxn_begin')
  payFees(cx, drafts)
  const ledger = ledgerOf(cx)
  const checked = drafts.map((d) => {
    const t = draftToTxn(d)
    viaHost(() => ledger.wellFormed?.(t))
    const calleeVersion = t.type === 'appl' ? checkInnerAppCall(cx, t) : 0n
    checkInnerAllowed(cx, t, calleeVersion)
    return t
  })
  const { txns, txids } = identify(cx, checked)
  // Counted before execution, so that runaway recursion is noticed.
  cx.ep.pools.inners -= txns.length
  const r = groupResources(cx)
  const caller = {
    appId: cx.appId,
    appAddress: appAddress(cx.appId).slice(),
    depth: r.callChain.length,
    pools: cx.ep.pools,
  }
  // The first sender can be checked now; the host checks each later one when its turn comes.
  const problem = viaHost(() => innerSenderProblem(ledger, caller, txns[0].sender))
  if (problem !== undefined) fail(problem)
  r.callChain.push(cx.appId)
  r.callVersions.push(cx.version)
  let effects
  try {
    effects = viaHost(() => ledger.performInner(caller, txns, txids))
  } finally {
    r.callChain.pop()
    r.callVersions.pop()
  }
  const all = txns.map((_, i) => effects[i] ?? NO_EFFECTS)
  for (const e of all) {
    if (e.createdAssetId !== 0n) r.createdAsas.add(e.createdAssetId)
    if (e.createdApplicationId !== 0n) r.createdApps.add(e.createdApplicationId)
  }
  cx.innerGroups.push({ txns, effects: all, txids })
  cx.innerDrafts = undefined
  TXID_CACHE.delete(cx)
}

/**
 * go caches inner txids by position in the last group and computes a missing one as if the
 * transaction asked about were at that position of the group. So `itxn TxID` (position 0, the
 * last transaction) of a group of several is not that transaction's id, and reads share the
 * cache. Reproduced here.
 */
const TXID_CACHE = new WeakMap<EvalContext, Map<number, Uint8Array>>()

function innerTxid(cx: EvalContext, last: InnerGroupResult, index: number, t: Txn): Uint8Array {
  let cache = TXID_CACHE.get(cx)
  if (cache === undefined) {
    cache = new Map()
    TXID_CACHE.set(cx, cache)
  }
  let id = cache.get(index)
  if (id === undefined) {
    id = innerTxnId(t, currentTxid(cx), submitted(cx) - last.txns.length + index)
    cache.set(index, id)
  }
  return id
}

/** Field `field` of transaction `gi` of the last inner group (`whole`), or of the last inner
 * transaction alone. */
function readInner(
  cx: EvalContext,
  whole: boolean,
  gi: number,
  field: number,
  ai: bigint,
  array: boolean,
): StackValue {
  const fs = txnFieldSpecFor(field, cx.version, array)
  const last = cx.innerGroups.at(-1)
  const size = last === undefined ? 0 : whole ? last.txns.length : 1
  if (last === undefined || gi >= size) fail(`txn index ${gi}, len(group) is ${size}`)
  const at = whole ? gi : last.txns.length - 1
  const txn = last.txns[at]
  const txid = fs.name === 'TxID' ? innerTxid(cx, last, gi, txn) : new Uint8Array(32)
  const effects = last.effects[at] ?? NO_EFFECTS
  return txnFieldValue({ txn, txid, groupIndex: gi, effects }, fs, ai, {
    version: cx.version,
    mode: cx.mode,
    inner: true,
    blockTime: ledgerBlockTime(cx.ep.ledger, cx.txn, cx.ep.proto.maxTxnLife),
  })
}

export const INNER_OPS: OpFamily = {
  itxn_begin: (cx) => {
    if (cx.innerDrafts?.length) fail('itxn_begin without itxn_submit')
    if (cx.txn.onCompletion === ON_COMPLETION.ClearState) {
      fail('clear state programs can not issue inner transactions')
    }
    addInner(cx)
  },
  itxn_next: (cx) => {
    if (!cx.innerDrafts?.length) fail('itxn_next without itxn_begin')
    addInner(cx)
  },
  itxn_field: (cx) => {
    const draft = cx.innerDrafts?.[cx.innerDrafts.length - 1]
    if (draft === undefined) fail('itxn_field without itxn_begin')
    const fs = innerFieldSpec(cx, cx.imm(0))
    setInnerField(cx, draft, fs, cx.pop())
  },
  itxn_submit: submit,
  itxn: (cx) => {
    cx.push(readInner(cx, false, 0, cx.imm(0), 0n, false))
  },
  itxna: (cx) => {
    cx.push(readInner(cx, false, 0, cx.imm(0), BigInt(cx.imm(1)), true))
  },
  itxnas: (cx) => {
    const ai = cx.popUint()
    cx.push(readInner(cx, false, 0, cx.imm(0), ai, true))
  },
  gitxn: (cx) => {
    cx.push(readInner(cx, true, cx.imm(0), cx.imm(1), 0n, false))
  },
  gitxna: (cx) => {
    cx.push(readInner(cx, true, cx.imm(0), cx.imm(1), BigInt(cx.imm(2)), true))
  },
  gitxnas: (cx) => {
    const ai = cx.popUint()
    cx.push(readInner(cx, true, cx.imm(0), cx.imm(1), ai, true))
  },
}
