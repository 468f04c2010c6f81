/** Flow control: err, branches, return, assert, subroutines and frames, switch/match. */
import type { EvalContext } from '../context.js'
import { fail } from '../errors.js'
import type { OpFamily } from '../handler.js'
import { bytesEqual } from '../value.js'

const PROTO_OPCODE = 0x8a

/** Target of the branch at `pc`: its int16 offset, from the end of the instruction (checked
 * statically); also the step loop's own branches (run.ts). */
export function branchAt(program: Uint8Array, pc: number): number {
  return pc + 3 + (((program[pc + 1] << 24) >> 16) | program[pc + 2])
}

function branchTarget(cx: EvalContext): number {
  return branchAt(cx.program, cx.pc)
}

/** Target of entry `index` of a switch/match label list; past the list falls through. */
function listTarget(cx: EvalContext, index: bigint): number {
  const n = cx.imm(0)
  const end = cx.pc + 2 + 2 * n
  if (index >= BigInt(n)) return end
  const at = cx.pc + 2 + 2 * Number(index)
  const offset = ((cx.program[at] << 24) >> 16) | cx.program[at + 1]
  return end + offset
}

export const FLOW_OPS: OpFamily = {
  err: () => fail('err opcode executed'),
  bnz: (cx) => {
    if (cx.popUint() !== 0n) cx.nextPc = branchTarget(cx)
  },
  bz: (cx) => {
    if (cx.popUint() === 0n) cx.nextPc = branchTarget(cx)
  },
  b: (cx) => {
    cx.nextPc = branchTarget(cx)
  },
  return: (cx) => {
    const top = cx.pop()
    cx.stack.length = 0
    cx.stack.push(top)
    cx.nextPc = cx.program.length
  },
  assert: (cx) => {
    if (cx.popUint() === 0n) fail(`assert failed pc=${cx.pc}`)
  },
  callsub: (cx) => {
    cx.callstack.push({
      retPc: cx.pc + 3,
      height: cx.stack.length,
      clear: false,
      args: 0,
      returns: 0,
    })
    cx.nextPc = branchTarget(cx)
    // Only a proto reached straight from callsub may declare the frame (see proto).
    cx.fromCallsub = cx.program[cx.nextPc] === PROTO_OPCODE
  },
  retsub: (cx) => {
    const frame = cx.callstack.pop()
    if (!frame) fail('retsub with empty callstack')
    if (frame.clear) {
      const expect = frame.height + frame.returns
      const height = cx.stack.length
      if (height < frame.height) fail('retsub executed with stack below frame. Did you pop args?')
      if (height === frame.height && frame.returns > 0) {
        fail(`retsub executed with no return values on stack. proto declared ${frame.returns}`)
      }
      if (height < expect) {
        fail(
          `retsub executed with ${height - frame.height} return values on stack. proto declared ${frame.returns}`,
        )
      }
      const results = cx.stack.slice(frame.height, expect)
      cx.stack.length = frame.height - frame.args
      cx.stack.push(...results)
    }
    cx.nextPc = frame.retPc
  },
  proto: (cx) => {
    const frame = cx.callstack.at(-1)
    if (!cx.fromCallsub || !frame) fail('proto was executed without a callsub')
    cx.fromCallsub = false
    const args = cx.imm(0)
    if (args > cx.stack.length) {
      fail(`callsub to proto that requires ${args} args with stack height ${cx.stack.length}`)
    }
    frame.clear = true
    frame.args = args
    frame.returns = cx.imm(1)
  },
  frame_dig: (cx) => {
    const i = cx.immSigned(0)
    const frame = cx.callstack.at(-1)
    if (!frame) fail('frame_dig with empty callstack')
    if (frame.clear && -i > frame.args) fail(`frame_dig ${i} in sub with ${frame.args} args`)
    const idx = frame.height + i
    if (idx >= cx.stack.length) fail('frame_dig above stack')
    if (idx < 0) fail('frame_dig below stack')
    cx.push(cx.stack[idx])
  },
  frame_bury: (cx) => {
    const i = cx.immSigned(0)
    const frame = cx.callstack.at(-1)
    if (!frame) fail('frame_bury with empty callstack')
    if (frame.clear && -i > frame.args) fail(`frame_bury ${i} in sub with ${frame.args} args`)
    const last = cx.stack.length - 1
    const idx = frame.height + i
    if (idx >= last) fail('frame_bury above stack')
    if (idx < 0) fail('frame_bury below stack')
    cx.stack[idx] = cx.stack[last]!
    cx.stack.length = last
  },
  switch: (cx) => {
    cx.nextPc = listTarget(cx, cx.popUint())
  },
  match: (cx) => {
    const n = cx.imm(0)
    if (n + 1 > cx.stack.length) {
      fail(`match expects ${n + 1} stack args while stack only contains ${cx.stack.length}`)
    }
    const value = cx.pop()
    const list = cx.stack.splice(cx.stack.length - n, n)
    let matched = n
    for (let i = 0; i < n; i++) {
      const candidate = list[i]
      const same =
        typeof value === 'bigint'
          ? candidate === value
          : candidate instanceof Uint8Array && bytesEqual(candidate, value)
      if (same) {
        matched = i
        break
      }
    }
    cx.nextPc = listTarget(cx, BigInt(matched))
  },
}
