/**
 * What earlier transactions of the group left behind: their scratch space (gload, gloads,
 * gloadss) and the asset or app they created (gaid, gaids). Only earlier transactions qualify:
 * later ones have not run yet, and the current one has `load` and `global CurrentApplicationID`.
 */
import type { EvalContext } from '../context.js'
import { fail } from '../errors.js'
import type { OpFamily } from '../handler.js'
import type { GroupTxn } from '../params.js'
import { SCRATCH_SIZE } from '../limits.js'
import type { StackValue } from '../value.js'

/** Transaction `gi` of the group, or go-algorand's lookup failure for `op`. */
function member(cx: EvalContext, gi: bigint, op: string): GroupTxn {
  const group = cx.ep.group
  const found = gi < BigInt(group.length) ? group.at(Number(gi)) : undefined
  return found ?? fail(`${op} lookup TxnGroup[${gi}] but it only has ${group.length}`)
}

function gload(cx: EvalContext, gi: bigint, slot: number, op: string): StackValue {
  const { txn } = member(cx, gi, op)
  const i = Number(gi)
  if (txn.type !== 'appl') fail(`can't use ${op} on non-app call txn with index ${i}`)
  if (i === cx.groupIndex) fail(`can't use ${op} on self, use load instead`)
  if (i > cx.groupIndex) fail(`${op} can't get future scratch space from txn with index ${i}`)
  // An app call whose program never ran (e.g. a clear state of a deleted app) has no scratch.
  const scratch =
    cx.ep.pastScratch.at(i) ?? fail(`${op} lookup of txn ${i} that did not run a program`)
  const value = scratch.at(slot)
  return value ?? fail(`invalid Scratch index ${slot}`)
}

function gaid(cx: EvalContext, gi: bigint, op: string): bigint {
  const { txn } = member(cx, gi, op)
  const i = Number(gi)
  if (i > cx.groupIndex) {
    fail(
      `${op} can't get creatable ID of txn ahead of the current one (index ${i}) in the transaction group`,
    )
  }
  if (i === cx.groupIndex) {
    fail(
      `${op} is only for accessing creatable IDs of previous txns, use \`global CurrentApplicationID\` instead to access the current app's creatable ID`,
    )
  }
  if (txn.type !== 'appl' && txn.type !== 'acfg') {
    fail(`can't use ${op} on txn that is not an app call nor an asset config txn with index ${i}`)
  }
  const effects = cx.ep.effects[i]
  if (effects && effects.createdAssetId !== 0n) return effects.createdAssetId
  if (effects && effects.createdApplicationId !== 0n) return effects.createdApplicationId
  return fail(`${op}: index ${i} did not create anything`)
}

export const TXN_GROUP_OPS: OpFamily = {
  gload: (cx) => {
    cx.push(gload(cx, BigInt(cx.imm(0)), cx.imm(1), 'gload'))
  },
  gloads: (cx) => {
    const gi = cx.popUint()
    cx.push(gload(cx, gi, cx.imm(0), 'gloads'))
  },
  gloadss: (cx) => {
    const slot = cx.popUint()
    const gi = cx.popUint()
    // go checks the group index first, then the slot, then the rest.
    member(cx, gi, 'gloadss')
    if (slot >= BigInt(SCRATCH_SIZE)) fail(`gloadss scratch index >= 256 (${slot})`)
    cx.push(gload(cx, gi, Number(slot), 'gloadss'))
  },
  gaid: (cx) => {
    cx.push(gaid(cx, BigInt(cx.imm(0)), 'gaid'))
  },
  gaids: (cx) => {
    cx.push(gaid(cx, cx.popUint(), 'gaids'))
  },
}
