/** Constants: intcblock/bytecblock and their loads, push* literals, and logic-sig args. */
import { decodeUvarint } from '../../encoding/varuint.js'
import type { EvalContext } from '../context.js'
import { fail } from '../errors.js'
import type { OpFamily, OpHandler } from '../handler.js'
import { MAX_STACK_DEPTH } from '../limits.js'
import type { StackValue } from '../value.js'

/** A reader over the immediates that follow the opcode; fails on truncated input. */
class Immediates {
  at: number
  constructor(private readonly cx: EvalContext) {
    this.at = cx.pc + 1
  }
  uint(): bigint {
    const d = decodeUvarint(this.cx.program, this.at)
    if (!d) fail(`could not decode int at program[${this.at}]`)
    this.at += d.length
    return d.value
  }
  bytes(): Uint8Array {
    const n = this.uint()
    const end = BigInt(this.at) + n
    if (end > BigInt(this.cx.program.length)) fail(`bytes too long at program[${this.at}]`)
    const out = this.cx.program.slice(this.at, Number(end))
    this.at = Number(end)
    return out
  }
  count(): number {
    const n = this.uint()
    // Each entry takes at least one byte, so a larger count cannot be honest.
    if (n > BigInt(this.cx.program.length)) fail(`count ${n} too large at program[${this.at}]`)
    return Number(n)
  }
}

const readUint = (r: Immediates): bigint => r.uint()
const readBytes = (r: Immediates): Uint8Array => r.bytes()

/** The immediate of the push instruction at the pc, read once per program and then taken from
 * the program's decoded immediates; moves the pc past the instruction. */
function decodedOnce(cx: EvalContext, read: (r: Immediates) => StackValue): StackValue {
  const { values, ends } = cx.decoded
  const pc = cx.pc
  const known = values[pc]
  if (known !== undefined) {
    cx.nextPc = ends[pc]
    return known
  }
  const r = new Immediates(cx)
  const value = read(r)
  // A program too short to have been decoded (nothing cached) decodes every time.
  if (pc < ends.length) {
    values[pc] = value
    ends[pc] = r.at
  }
  cx.nextPc = r.at
  return value
}

const intc =
  (fixed?: number): OpHandler =>
  (cx) => {
    const n = fixed ?? cx.imm(0)
    if (n >= cx.intc.length) fail(`intc ${n} beyond ${cx.intc.length} constants`)
    cx.push(cx.intc[n])
  }

const bytec =
  (fixed?: number): OpHandler =>
  (cx) => {
    const n = fixed ?? cx.imm(0)
    if (n >= cx.bytec.length) fail(`bytec ${n} beyond ${cx.bytec.length} constants`)
    cx.push(cx.bytec[n])
  }

function argN(cx: EvalContext, n: bigint): void {
  const args = cx.ep.group[cx.groupIndex]?.lsig?.args ?? []
  if (n >= BigInt(args.length)) fail(`cannot load arg[${n}] of ${args.length}`)
  cx.push(args[Number(n)])
}

const arg =
  (fixed?: number): OpHandler =>
  (cx) => {
    argN(cx, BigInt(fixed ?? cx.imm(0)))
  }

function ensureRoom(cx: EvalContext, n: number): void {
  if (cx.stack.length + n > MAX_STACK_DEPTH) fail('stack overflow')
}

export const CONSTANT_OPS: OpFamily = {
  intcblock: (cx) => {
    const r = new Immediates(cx)
    const n = r.count()
    const values: bigint[] = []
    for (let i = 0; i < n; i++) values.push(r.uint())
    cx.intc = values
    cx.nextPc = r.at
  },
  intc: intc(),
  intc_0: intc(0),
  intc_1: intc(1),
  intc_2: intc(2),
  intc_3: intc(3),
  bytecblock: (cx) => {
    const r = new Immediates(cx)
    const n = r.count()
    const values: Uint8Array[] = []
    for (let i = 0; i < n; i++) values.push(r.bytes())
    cx.bytec = values
    cx.nextPc = r.at
  },
  bytec: bytec(),
  bytec_0: bytec(0),
  bytec_1: bytec(1),
  bytec_2: bytec(2),
  bytec_3: bytec(3),
  pushint: (cx) => {
    cx.stack.push(decodedOnce(cx, readUint))
  },
  pushbytes: (cx) => {
    // A copy, so that nothing done with the value can reach the cached one.
    cx.stack.push((decodedOnce(cx, readBytes) as Uint8Array).slice())
  },
  pushints: (cx) => {
    const r = new Immediates(cx)
    const n = r.count()
    ensureRoom(cx, n)
    for (let i = 0; i < n; i++) cx.push(r.uint())
    cx.nextPc = r.at
  },
  pushbytess: (cx) => {
    const r = new Immediates(cx)
    const n = r.count()
    ensureRoom(cx, n)
    for (let i = 0; i < n; i++) cx.push(r.bytes())
    cx.nextPc = r.at
  },
  arg: arg(),
  arg_0: arg(0),
  arg_1: arg(1),
  arg_2: arg(2),
  arg_3: arg(3),
  args: (cx) => {
    argN(cx, cx.popUint())
  },
}
