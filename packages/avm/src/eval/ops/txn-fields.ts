/**
 * Transaction and group fields: txn, gtxn, gtxns and their array forms (txna, gtxna, gtxnsa,
 * txnas, gtxnas, gtxnsas), plus global, block, gload* and gaid* from the helper modules beside
 * this one. Every txn form funnels into `readGroupTxn`, as go-algorand's `opTxnImpl` does, so the
 * checks and their order are the same for all of them.
 */
import type { EvalContext } from '../context.js'
import { fail } from '../errors.js'
import type { OpFamily } from '../handler.js'
import { ledgerBlockTime, txnFieldSpecFor, txnFieldValue } from '../txn-field-values.js'
import type { StackValue } from '../value.js'
import { GLOBAL_BLOCK_OPS } from './global-block.js'
import { GLOBAL_FIELD_OPS } from './global-fields.js'
import { TXN_GROUP_OPS } from './txn-group.js'

/** Field `field` (index `ai` for arrays) of transaction `gi` of the current group. */
function readGroupTxn(
  cx: EvalContext,
  gi: bigint,
  field: number,
  ai: bigint,
  array: boolean,
): StackValue {
  const fs = txnFieldSpecFor(field, cx.version, array)
  // Effects exist only once a transaction ran, so only earlier transactions have them.
  if (fs.effect && gi >= BigInt(cx.groupIndex)) {
    if (cx.mode === 'sig') fail(`txn[${fs.name}] not allowed in current mode`)
    fail(`txn effects can only be read from past txns ${gi} ${cx.groupIndex}`)
  }
  const group = cx.ep.group
  const index = Number(gi)
  const member = gi < BigInt(group.length) ? group.at(index) : undefined
  if (member === undefined) fail(`txn index ${gi}, len(group) is ${group.length}`)
  const { txn, txid } = member
  const effects = cx.ep.effects[index]
  return txnFieldValue({ txn, txid, groupIndex: index, ...(effects ? { effects } : {}) }, fs, ai, {
    version: cx.version,
    mode: cx.mode,
    inner: false,
    blockTime: ledgerBlockTime(cx.ep.ledger, cx.txn, cx.ep.proto.maxTxnLife),
  })
}

const self = (cx: EvalContext): bigint => BigInt(cx.groupIndex)

export const TXN_FIELDS_OPS: OpFamily = {
  txn: (cx) => {
    cx.push(readGroupTxn(cx, self(cx), cx.imm(0), 0n, false))
  },
  txna: (cx) => {
    cx.push(readGroupTxn(cx, self(cx), cx.imm(0), BigInt(cx.imm(1)), true))
  },
  txnas: (cx) => {
    const ai = cx.popUint()
    cx.push(readGroupTxn(cx, self(cx), cx.imm(0), ai, true))
  },
  gtxn: (cx) => {
    cx.push(readGroupTxn(cx, BigInt(cx.imm(0)), cx.imm(1), 0n, false))
  },
  gtxna: (cx) => {
    cx.push(readGroupTxn(cx, BigInt(cx.imm(0)), cx.imm(1), BigInt(cx.imm(2)), true))
  },
  gtxnas: (cx) => {
    const ai = cx.popUint()
    cx.push(readGroupTxn(cx, BigInt(cx.imm(0)), cx.imm(1), ai, true))
  },
  gtxns: (cx) => {
    const gi = cx.popUint()
    cx.push(readGroupTxn(cx, gi, cx.imm(0), 0n, false))
  },
  gtxnsa: (cx) => {
    const gi = cx.popUint()
    cx.push(readGroupTxn(cx, gi, cx.imm(0), BigInt(cx.imm(1)), true))
  },
  gtxnsas: (cx) => {
    const ai = cx.popUint()
    const gi = cx.popUint()
    cx.push(readGroupTxn(cx, gi, cx.imm(0), ai, true))
  },
  ...GLOBAL_FIELD_OPS,
  ...GLOBAL_BLOCK_OPS,
  ...TXN_GROUP_OPS,
}
