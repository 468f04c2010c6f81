/** Scratch space: load, store and their stack-indexed forms. */
import type { EvalContext } from '../context.js'
import { fail } from '../errors.js'
import type { OpFamily } from '../handler.js'
import { SCRATCH_SIZE } from '../limits.js'

function slot(n: bigint): number {
  if (n >= BigInt(SCRATCH_SIZE)) fail(`invalid Scratch index ${n}`)
  return Number(n)
}

function load(cx: EvalContext, n: number): void {
  cx.push(cx.scratch[n])
}

export const SCRATCH_OPS: OpFamily = {
  load: (cx) => {
    load(cx, cx.imm(0))
  },
  store: (cx) => {
    cx.scratch[cx.imm(0)] = cx.pop()
  },
  loads: (cx) => {
    load(cx, slot(cx.popUint()))
  },
  stores: (cx) => {
    const value = cx.pop()
    cx.scratch[slot(cx.popUint())] = value
  },
}
