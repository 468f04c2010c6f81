/**
 * The evaluator's entry points and step loop. Every program first passes the static check
 * (go-algorand's `check`), then runs op by op; the loop, not the ops, enforces the opcode table:
 * mode, stack depth, argument kinds, cost and budget, stack effect, result kinds and sizes.
 */
import { decodeUvarint } from '../encoding/varuint.js'
import { FIELD_GROUPS } from '../spec/fields.js'
import type { LinearCost, OpSpec } from '../spec/opcodes.js'
import { opTable } from '../spec/opcodes.js'
import { MAX_STRING_SIZE } from '../spec/types.js'
import { BACK_BRANCH_VERSION, MAX_VERSION, REKEYING_VERSION } from '../spec/versions.js'
import { ON_COMPLETION } from '../txn.js'
import {
  EvalContext,
  type DecodedImmediates,
  type EvalParams,
  type InnerGroupResult,
  type Mode,
  type StateWrite,
} from './context.js'
import { AvmError, fail } from './errors.js'
import type { OpHandler } from './handler.js'
import { decodeInstruction } from './immediates.js'
import { MAX_STACK_DEPTH } from './limits.js'
import { groupResources } from './resources.js'
import { minus, plus } from './ops/arith.js'
import { branchAt } from './ops/flow.js'
import { HANDLERS } from './ops/index.js'
import { bytesEqual, typeName, type StackValue } from './value.js'

/** Module-local copies of the limits the step loop reads on every op: under a loader that emits
 * CommonJS (tsx, which runs the devnet and the benches) each read of an imported binding is a
 * getter call, and in the step loop V8 does not inline it. */
const STACK_LIMIT = MAX_STACK_DEPTH
const STRING_LIMIT = MAX_STRING_SIZE

export interface EvalError {
  readonly message: string
  /** Program counter of the failing instruction (or of the check that failed). */
  readonly pc: number
  readonly opcode?: string
}

export interface EvalResult {
  /** True when the program approved: no error and a single non-zero uint64 left. */
  readonly pass: boolean
  /** Why evaluation failed; absent for a pass and for a clean reject (zero left on the stack). */
  readonly error?: EvalError
  readonly cost: number
  readonly logs: readonly Uint8Array[]
  readonly globalDelta: ReadonlyMap<string, StateWrite>
  readonly localDeltas: ReadonlyMap<string, ReadonlyMap<string, StateWrite>>
  /** Box writes of the app by name (hex); `value` undefined means deleted. */
  readonly boxDelta: ReadonlyMap<string, StateWrite>
  readonly innerGroups: readonly InnerGroupResult[]
  readonly stack: readonly StackValue[]
  readonly scratch: readonly StackValue[]
}

/** Kind codes for the loop's argument checks: 0 any, 1 uint64, 2 bytes. */
type Kind = 0 | 1 | 2

interface CompiledOp {
  readonly spec: OpSpec
  readonly handler: OpHandler
  readonly argKinds: readonly Kind[]
  readonly nArgs: number
  /** How the loop checks the arguments' kinds (see argsOf). */
  readonly args: Args
  /** Kinds of the top argument and the one below it (0 when absent or untyped). */
  readonly topKind: Kind
  readonly belowKind: Kind
  readonly retKinds: readonly Kind[]
  /** The cost when it does not depend on the stack or immediates, else 0. */
  readonly staticCost: number
  /** Modes allowed, as a mask of MODE_SIG | MODE_APP. */
  readonly modeMask: number
  /** How the loop checks the stack effect and results after the op (see effectOf). */
  readonly effect: Effect
  readonly size: number
  /** It reads and changes nothing but the stack, scratch and the program, so the loop need not
   * settle the budget pool before it (see execute). */
  readonly stackOnly: boolean
}

/** The ops that touch only the stack, scratch and the program (see CompiledOp.stackOnly): the
 * common ones; any op not named here is treated as one that may use the budget. */
const STACK_ONLY: ReadonlySet<string> = new Set([
  ...['+', '-', '*', '/', '%', '<', '>', '<=', '>=', '&&', '||', '==', '!=', '!'],
  ...['|', '&', '^', '~', 'len', 'itob', 'btoi', 'mulw', 'addw', 'shl', 'shr'],
  ...['intc', 'intc_0', 'intc_1', 'intc_2', 'intc_3', 'pushint', 'pushints'],
  ...['bytec', 'bytec_0', 'bytec_1', 'bytec_2', 'bytec_3', 'pushbytes', 'pushbytess'],
  ...['load', 'store', 'bnz', 'bz', 'b', 'assert', 'callsub', 'retsub', 'proto'],
  ...['pop', 'dup', 'dup2', 'dig', 'bury', 'swap', 'select', 'cover', 'uncover', 'popn', 'dupn'],
  ...['frame_dig', 'frame_bury', 'switch', 'match'],
  ...['concat', 'substring', 'substring3', 'extract', 'extract3', 'replace2', 'replace3'],
  ...['extract_uint16', 'extract_uint32', 'extract_uint64', 'getbyte', 'setbyte'],
  ...['sha256', 'keccak256', 'sha512_256', 'sha3_256'],
])

/** Effect checks, by the shape of the prototype's results. */
type Effect = 0 | 1 | 2 | 3 | 4 | 5
/** Not checked: no fixed prototype, trusted, or err/return, which end the program. */
const EFFECT_UNCHECKED = 0
/** No result: only the stack height to check. */
const EFFECT_NONE = 1
/** One uint64 (most arithmetic). */
const EFFECT_UINT = 2
/** One value of any kind (load, frame_dig): a byte string must not be too long. */
const EFFECT_ANY = 3
/** Two values of any kind (dup, swap). */
const EFFECT_ANY2 = 5
/** Anything else: resultsFit. */
const EFFECT_RESULTS = 4

function effectOf(spec: OpSpec): Effect {
  if (!spec.hasProto || spec.trusted || spec.name === 'err' || spec.name === 'return') {
    return EFFECT_UNCHECKED
  }
  if (spec.returns.length === 0) return EFFECT_NONE
  if (spec.returns.length === 1 && kindOf(spec.returns[0].avm) === 1) return EFFECT_UINT
  if (spec.returns.length === 1 && kindOf(spec.returns[0].avm) === 0) return EFFECT_ANY
  if (spec.returns.length === 2 && spec.returns.every((t) => kindOf(t.avm) === 0)) {
    return EFFECT_ANY2
  }
  return EFFECT_RESULTS
}

/** Argument checks, by the shape of the prototype's arguments. */
type Args = 0 | 1 | 2 | 3
/** No argument has a declared kind. */
const ARGS_ANY = 0
/** One uint64 (bnz, !, itob...). */
const ARGS_UINT = 1
/** Two uint64s (most arithmetic). */
const ARGS_UINTS = 2
/** Anything else: argsFit. */
const ARGS_OTHER = 3

function argsOf(spec: OpSpec): Args {
  const kinds = spec.args.map((t) => kindOf(t.avm))
  if (kinds.every((k) => k === 0)) return ARGS_ANY
  if (kinds.length === 1 && kinds[0] === 1) return ARGS_UINT
  if (kinds.length === 2 && kinds[0] === 1 && kinds[1] === 1) return ARGS_UINTS
  return ARGS_OTHER
}

const kindOf = (avm: string): Kind => (avm === 'uint64' ? 1 : avm === 'bytes' ? 2 : 0)

function unsupported(name: string): OpHandler {
  return () => fail(`unsupported opcode ${name}`)
}

const MODE_SIG = 1
const MODE_APP = 2
const MODE_MASKS: Readonly<Record<OpSpec['modes'], number>> = {
  sig: MODE_SIG,
  app: MODE_APP,
  any: MODE_SIG | MODE_APP,
}

function compile(version: number): readonly (CompiledOp | undefined)[] {
  if (version < 1 || version > MAX_VERSION) return []
  return opTable(version).byOpcode.map((spec) =>
    spec === undefined
      ? undefined
      : {
          spec,
          handler: HANDLERS[spec.name] ?? unsupported(spec.name),
          argKinds: spec.args.map((t) => kindOf(t.avm)),
          nArgs: spec.args.length,
          args: argsOf(spec),
          topKind: spec.args.length > 0 ? kindOf(spec.args[spec.args.length - 1].avm) : 0,
          belowKind: spec.args.length > 1 ? kindOf(spec.args[spec.args.length - 2].avm) : 0,
          retKinds: spec.returns.map((t) => kindOf(t.avm)),
          staticCost: typeof spec.cost === 'number' ? spec.cost : 0,
          modeMask: MODE_MASKS[spec.modes],
          effect: effectOf(spec),
          size: spec.size,
          stackOnly: STACK_ONLY.has(spec.name),
        },
  )
}

const COMPILED: (readonly (CompiledOp | undefined)[])[] = []
function compiledOps(version: number): readonly (CompiledOp | undefined)[] {
  return (COMPILED[version] ??= compile(version))
}

function linear(cx: EvalContext, lc: LinearCost, nArgs: number): number {
  const depth = nArgs - 1 - (lc.arg.charCodeAt(0) - 65)
  const v = cx.stack[cx.stack.length - 1 - depth]
  const len = v instanceof Uint8Array ? v.length : 0
  return lc.base + lc.per * Math.ceil(len / lc.chunk)
}

/** The cost of an op whose cost depends on an argument's length or on its field immediate. */
function dynamicCost(cx: EvalContext, spec: OpSpec): number {
  const cost = spec.cost
  if (typeof cost === 'number') return cost
  if ('byLength' in cost) return linear(cx, cost.byLength, spec.args.length)
  // Like go-algorand, price the field by its byte even where this version does not offer it
  // (the newest row knows every field); the handler then reports the invalid field.
  const field = FIELD_GROUPS[spec.imms[0].group!].fields.at(cx.imm(0))?.name ?? ''
  const newest = opTable(MAX_VERSION).byName.get(spec.name)?.cost
  const fc =
    cost.byField[field] ??
    (newest !== undefined && typeof newest !== 'number' && 'byField' in newest
      ? newest.byField[field]
      : undefined)
  if (fc === undefined) fail(`${spec.name} returned 0 cost`)
  return typeof fc === 'number' ? fc : linear(cx, fc, spec.args.length)
}

/** Reads the program's version prefix. */
function programVersion(program: Uint8Array): { version: number; length: number } {
  if (program.length === 0) fail('invalid program (empty)')
  const d = decodeUvarint(program, 0)
  if (!d) fail('invalid version')
  if (d.value > BigInt(MAX_VERSION)) {
    fail(`program version ${d.value} greater than max supported version ${MAX_VERSION}`)
  }
  return { version: Number(d.value), length: d.length }
}

/** go-algorand's static check: legal opcodes, whole immediates, aligned in-range branch targets,
 * and before v4 (no loops) a static cost within budget. */
function check(cx: EvalContext): void {
  // From v4 the outcome depends only on the bytes and the mode, so a program that passed once
  // need not be checked again (before v4 it also depends on the budget left).
  if (cx.version < BACK_BRANCH_VERSION) {
    checkProgram(cx)
    cx.decoded = newDecoded(cx.program)
    return
  }
  const known = PROGRAMS.get(cx.program)
  const same = known !== undefined && bytesEqual(known.bytes, cx.program)
  const mask = MODE_MASKS[cx.mode]
  if (!same || (known.modes & mask) === 0) checkProgram(cx)
  if (same) {
    known.modes |= mask
    cx.decoded = known.decoded
  } else {
    const fresh = { bytes: cx.program.slice(), modes: mask, decoded: newDecoded(cx.program) }
    PROGRAMS.set(cx.program, fresh)
    cx.decoded = fresh.decoded
  }
}

/** Programs that passed the static check, by identity, with a copy of their bytes (a host may
 * reuse an array for other bytes), the modes they passed in and their decoded immediates. */
const PROGRAMS = new WeakMap<
  Uint8Array,
  { readonly bytes: Uint8Array; modes: number; readonly decoded: DecodedImmediates }
>()

function newDecoded(program: Uint8Array): DecodedImmediates {
  return {
    values: new Array<StackValue | undefined>(program.length),
    ends: new Int32Array(program.length),
  }
}

function checkFailure(pc: number, msg: string): never {
  fail(`pc=${String(pc).padStart(3)} ${msg}`)
}

function checkProgram(cx: EvalContext): void {
  const { program, version } = cx
  const ops = compiledOps(version)
  const starts = new Uint8Array(program.length + 1)
  const targets = new Uint8Array(program.length + 1)
  const maxCost = cx.remainingBudget()
  let staticCost = 0
  let pc = cx.codeStart
  while (pc < program.length) {
    const c = ops[program[pc]]
    if (c === undefined) {
      checkFailure(pc, `illegal opcode 0x${program[pc].toString(16).padStart(2, '0')}`)
    }
    const { spec } = c
    if (spec.modes !== 'any' && spec.modes !== cx.mode) {
      checkFailure(pc, `${spec.name} not allowed in current mode`)
    }
    starts[pc] = 1
    const decoded = decodeInstruction(program, pc, spec)
    if (typeof decoded === 'string') checkFailure(pc, decoded)
    for (const target of decoded.targets) {
      if (target < pc + decoded.size && version < BACK_BRANCH_VERSION) {
        checkFailure(pc, `negative branch offset ${(target - pc - decoded.size).toString(16)}`)
      }
      const tooFar =
        version >= REKEYING_VERSION ? target > program.length : target >= program.length
      if (tooFar || target < 0) checkFailure(pc, `branch target ${target} outside of program`)
      if (target < pc + decoded.size && starts[target] !== 1) {
        checkFailure(pc, `back branch target ${target} is not an aligned instruction`)
      }
      targets[target] = 1
    }
    for (let inner = pc + 1; inner < pc + decoded.size; inner++) {
      if (targets[inner] === 1)
        checkFailure(pc, `branch target ${inner} is not an aligned instruction`)
    }
    if (version < BACK_BRANCH_VERSION) {
      staticCost += c.staticCost || 1
      if (staticCost > maxCost) checkFailure(pc, `static cost budget of ${maxCost} exceeded`)
    }
    pc += decoded.size
  }
}

/** The step loop. Throws AvmError on any failure. Kept lean: it runs once per opcode, allocates
 * nothing, and keeps the pc in a local (written back before each op, whose handler reads it). */
function execute(cx: EvalContext): void {
  const { program, stack } = cx
  const ops = compiledOps(cx.version)
  const end = program.length
  const modeMask = cx.mode === 'sig' ? MODE_SIG : MODE_APP
  // What the ops cost is kept in a local, `unpaid`, and is added to the program's cost and paid
  // to the pool before any op that may read or change them (inner calls, global OpcodeBudget:
  // all but the stack-only ops) and when the loop ends, however it ends. `limit` is the budget
  // that was left at the last payment. One local updated per op, no store to memory.
  let limit = cx.remainingBudget()
  let unpaid = 0
  let pc = cx.pc
  const decoded = cx.decoded
  // Simulate's execution trace (trace.ts): read once, so an untraced run pays one test per op.
  const tracer = cx.ep.tracer
  // Scratch, once made (on first use, by cx.scratch), is never replaced: read it through a local.
  let scratch: StackValue[] | undefined
  try {
    while (pc < end) {
      cx.pc = pc
      if (tracer !== undefined) tracer.beforeOpcode(cx)
      const op = program[pc]
      const c = ops[op]
      if (c === undefined) fail(`illegal opcode 0x${op.toString(16).padStart(2, '0')}`)
      let next = -1

      // The commonest ops (FUSED) run here, each with the checks of the general path below
      // written for its own prototype, in the same order: stack underflow, argument kinds,
      // immediates, budget; then its work; then the effect its prototype declares, specialised to
      // the kinds it leaves. That each is allowed in both modes and costs 1 in every version, and
      // the prototype and size each case assumes, are checked against the table when this module
      // loads (fusedFitTable). Each sets `next`, the pc it goes on at.
      // prettier-ignore
      switch (op) {
        case 0x08: case 0x09: case 0x0c: case 0x0d: { // + - < >
          const first = stack.length - 2
          if (first < 0) underflow(c)
          const a = stack[first]
          const b = stack[first + 1]
          if (typeof a !== 'bigint' || typeof b !== 'bigint') checkArgs(c, stack, first)
          if (unpaid + 1 > limit) budgetExceeded(cx, unpaid, c.spec.name)
          unpaid++
          stack.pop()
          stack[first] = binaryUint(op, a as bigint, b as bigint)
          if (stack.length !== first + 1 || typeof stack[first] !== 'bigint') checkEffect(c, stack, first)
          next = pc + 1
          break
        }
        case 0x22: case 0x23: case 0x24: case 0x25: { // intc_0 .. intc_3
          if (unpaid + 1 > limit) budgetExceeded(cx, unpaid, c.spec.name)
          unpaid++
          const first = stack.length
          const n = op - 0x22
          // Beyond the constants, the table's handler fails with go's message.
          if (n >= cx.intc.length) c.handler(cx)
          else stack.push(cx.intc[n])
          if (stack.length !== first + 1 || typeof stack[first] !== 'bigint') checkEffect(c, stack, first)
          next = pc + 1
          break
        }
        case 0x28: case 0x29: case 0x2a: case 0x2b: { // bytec_0 .. bytec_3
          if (unpaid + 1 > limit) budgetExceeded(cx, unpaid, c.spec.name)
          unpaid++
          const first = stack.length
          const n = op - 0x28
          if (n >= cx.bytec.length) c.handler(cx)
          else stack.push(cx.bytec[n])
          if (stack.length !== first + 1 || !fitsBytes(stack[first])) checkEffect(c, stack, first)
          next = pc + 1
          break
        }
        case 0x34: {                      // load (the immediate is a byte: always a slot)
          if (pc + 2 > end) fail('program ends without immediate value(s)')
          if (unpaid + 1 > limit) budgetExceeded(cx, unpaid, c.spec.name)
          unpaid++
          const first = stack.length
          const v = (scratch ??= cx.scratch)[program[pc + 1]]
          stack.push(v)
          if (stack.length !== first + 1 || !fitsAny(v)) checkEffect(c, stack, first)
          next = pc + 2
          break
        }
        case 0x35: {                      // store
          const first = stack.length - 1
          if (first < 0) underflow(c)
          if (pc + 2 > end) fail('program ends without immediate value(s)')
          if (unpaid + 1 > limit) budgetExceeded(cx, unpaid, c.spec.name)
          unpaid++
          ;(scratch ??= cx.scratch)[program[pc + 1]] = stack.pop()!
          if (stack.length !== first) checkEffect(c, stack, first)
          next = pc + 2
          break
        }
        case 0x40: case 0x41: {           // bnz, bz
          const first = stack.length - 1
          if (first < 0) underflow(c)
          const v = stack[first]
          if (typeof v !== 'bigint') checkArgs(c, stack, first)
          if (pc + 3 > end) fail('program ends without immediate value(s)')
          if (unpaid + 1 > limit) budgetExceeded(cx, unpaid, c.spec.name)
          unpaid++
          stack.pop()
          next = ((v as bigint) !== 0n) === (op === 0x40) ? branchAt(program, pc) : pc + 3
          if (stack.length !== first) checkEffect(c, stack, first)
          break
        }
        case 0x42:                        // b (no prototype: no effect to check)
          if (pc + 3 > end) fail('program ends without immediate value(s)')
          if (unpaid + 1 > limit) budgetExceeded(cx, unpaid, c.spec.name)
          unpaid++
          next = branchAt(program, pc)
          break
        case 0x48: {                      // pop
          const first = stack.length - 1
          if (first < 0) underflow(c)
          if (unpaid + 1 > limit) budgetExceeded(cx, unpaid, c.spec.name)
          unpaid++
          stack.pop()
          if (stack.length !== first) checkEffect(c, stack, first)
          next = pc + 1
          break
        }
        case 0x49: {                      // dup
          const first = stack.length - 1
          if (first < 0) underflow(c)
          if (unpaid + 1 > limit) budgetExceeded(cx, unpaid, c.spec.name)
          unpaid++
          const v = stack[first]
          stack.push(v)
          if (stack.length !== first + 2 || !fitsAny(v)) checkEffect(c, stack, first)
          next = pc + 1
          break
        }
        case 0x81: {                      // pushint: its value decoded once per program
          if (unpaid + 1 > limit) budgetExceeded(cx, unpaid, c.spec.name)
          unpaid++
          const first = stack.length
          const v = decoded.values[pc]
          if (v === undefined) {
            opPushint(cx)
            next = cx.nextPc
            cx.nextPc = -1
          } else {
            stack.push(v)
            next = decoded.ends[pc]
          }
          if (stack.length !== first + 1 || typeof stack[first] !== 'bigint') checkEffect(c, stack, first)
          break
        }
        default:
          next = -2
      }

      if (next === -2) {
        // The general path: the checks the opcode table asks for, the op, its effect.
        if ((c.modeMask & modeMask) === 0) fail(`${c.spec.name} not allowed in current mode`)
        const first = stack.length - c.nArgs
        if (first < 0) underflow(c)
        const args = c.args
        if (args !== ARGS_ANY) {
          // The common shapes inline; checkArgs reports a mismatch.
          let fit: boolean
          if (args === ARGS_UINT) fit = typeof stack[first] === 'bigint'
          else if (args === ARGS_UINTS) {
            fit = typeof stack[first] === 'bigint' && typeof stack[first + 1] === 'bigint'
          } else fit = argsFit(c, stack)
          if (!fit) checkArgs(c, stack, first)
        }
        if (c.size !== 0 && pc + c.size > end) fail('program ends without immediate value(s)')

        const cost = c.staticCost || dynamicCost(cx, c.spec)
        if (unpaid + cost > limit) budgetExceeded(cx, unpaid, c.spec.name)
        unpaid += cost

        // The next commonest ops are called directly, where V8 can inline them (all are
        // stack-only); the others through the table. Each byte's name is checked against the
        // table when this module loads (hot()).
        // prettier-ignore
        switch (op) {
          case 0x01: opSha256(cx); break    // sha256
          case 0x0b: opTimes(cx); break     // *
          case 0x0e: opLessEq(cx); break    // <=
          case 0x0f: opGreaterEq(cx); break // >=
          case 0x10: opAnd(cx); break       // &&
          case 0x11: opOr(cx); break        // ||
          case 0x12: opEqual(cx); break     // ==
          case 0x13: opNotEqual(cx); break  // !=
          case 0x14: opNot(cx); break       // !
          case 0x15: opLen(cx); break       // len
          case 0x16: opItob(cx); break      // itob
          case 0x17: opBtoi(cx); break      // btoi
          case 0x21: opIntc(cx); break      // intc
          case 0x27: opBytec(cx); break     // bytec
          case 0x44: opAssert(cx); break    // assert
          case 0x4a: opDup2(cx); break      // dup2
          case 0x4b: opDig(cx); break       // dig
          case 0x4c: opSwap(cx); break      // swap
          case 0x4d: opSelect(cx); break    // select
          case 0x50: opConcat(cx); break    // concat
          case 0x57: opExtract(cx); break   // extract
          case 0x80: opPushbytes(cx); break // pushbytes
          case 0x88: opCallsub(cx); break   // callsub
          case 0x89: opRetsub(cx); break    // retsub
          case 0x8b: opFrameDig(cx); break  // frame_dig
          case 0x8c: opFrameBury(cx); break // frame_bury
          default:
            if (c.stackOnly) {
              c.handler(cx)
            } else {
              payPool(cx, unpaid)
              unpaid = 0
              c.handler(cx)
              limit = cx.remainingBudget()
            }
        }

        // The effect the prototype declares: the common shapes inline, the rest in resultsFit;
        // checkEffect then reports the mismatch.
        const effect = c.effect
        if (effect !== EFFECT_UNCHECKED) {
          const top = stack.length - 1
          let fits: boolean
          if (effect === EFFECT_NONE) fits = top === first - 1
          else if (effect === EFFECT_UINT) fits = top === first && typeof stack[top] === 'bigint'
          else if (effect === EFFECT_ANY) fits = top === first && fitsAny(stack[top])
          else if (effect === EFFECT_ANY2) {
            fits = top === first + 1 && fitsAny(stack[top]) && fitsAny(stack[first])
          } else fits = resultsFit(c, stack, first)
          if (!fits) checkEffect(c, stack, first)
        }
        next = cx.nextPc
        if (next >= 0) cx.nextPc = -1
        else next = pc + c.size
      }
      if (stack.length > STACK_LIMIT) fail('stack overflow')
      if (tracer !== undefined) tracer.afterOpcode(cx)
      pc = next
    }
  } finally {
    payPool(cx, unpaid)
  }
  cx.pc = pc
  if (stack.length !== 1) fail(`stack len is ${stack.length} instead of 1`)
  if (typeof stack[0] !== 'bigint') fail('stack finished with bytes not int')
}

function underflow(c: CompiledOp): never {
  fail(`stack underflow in ${c.spec.name}`)
}

/** `+`, `-`, `<` or `>` (by opcode) on two uint64s: the step loop's own, sharing the op files'
 * arithmetic. */
function binaryUint(op: number, a: bigint, b: bigint): bigint {
  switch (op) {
    case 0x08:
      return plus(a, b)
    case 0x09:
      return minus(a, b)
    case 0x0c:
      return a < b ? 1n : 0n
    default:
      return a > b ? 1n : 0n
  }
}

/** The handler of the op at `byte`, which must be `name`: checked when this module loads, so that
 * the step loop's switch and the opcode table cannot disagree. */
function hot(byte: number, name: string): OpHandler {
  if (opTable(MAX_VERSION).byOpcode[byte]?.name !== name || !STACK_ONLY.has(name)) {
    throw new Error(`the step loop expects the stack-only ${name} at opcode 0x${byte.toString(16)}`)
  }
  return HANDLERS[name]
}

/** The ops the step loop runs itself, by byte, with the prototype its code assumes (argument
 * kinds, then result kinds: i uint64, b bytes, a any; `none` when the table declares none, so
 * that the loop checks no effect, as for any such op) and their size (0: variable). Checked
 * against every version's table when this module loads, with their cost (1) and modes (both), so
 * that the loop's checks, specialised to these shapes, cannot drift from the table. */
const FUSED: readonly (readonly [number, string, string, number])[] = [
  [0x08, '+', 'ii:i', 1],
  [0x09, '-', 'ii:i', 1],
  [0x0c, '<', 'ii:i', 1],
  [0x0d, '>', 'ii:i', 1],
  [0x22, 'intc_0', ':i', 1],
  [0x23, 'intc_1', ':i', 1],
  [0x24, 'intc_2', ':i', 1],
  [0x25, 'intc_3', ':i', 1],
  [0x28, 'bytec_0', ':b', 1],
  [0x29, 'bytec_1', ':b', 1],
  [0x2a, 'bytec_2', ':b', 1],
  [0x2b, 'bytec_3', ':b', 1],
  [0x34, 'load', ':a', 2],
  [0x35, 'store', 'a:', 2],
  [0x40, 'bnz', 'i:', 3],
  [0x41, 'bz', 'i:', 3],
  [0x42, 'b', 'none', 3],
  [0x48, 'pop', 'a:', 1],
  [0x49, 'dup', 'a:aa', 1],
  [0x81, 'pushint', ':i', 0],
]

function fusedFitTable(): void {
  const kinds = (types: OpSpec['args']): string => types.map((t) => 'aib'[kindOf(t.avm)]).join('')
  for (const [byte, name, proto, size] of FUSED) {
    for (let v = 1; v <= MAX_VERSION; v++) {
      const spec = opTable(v).byOpcode[byte]
      if (spec === undefined) continue
      const shape = spec.hasProto ? `${kinds(spec.args)}:${kinds(spec.returns)}` : 'none'
      const fixed = spec.cost === 1 && spec.modes === 'any' && spec.size === size
      if (spec.name !== name || shape !== proto || spec.trusted || !fixed) {
        throw new Error(
          `the step loop runs ${name} ${proto} (size ${size}, cost 1, both modes) at 0x${byte.toString(16)}, v${v}`,
        )
      }
    }
  }
}
fusedFitTable()

const opSha256 = hot(0x01, 'sha256')
const opPushint = hot(0x81, 'pushint')
const opTimes = hot(0x0b, '*')
const opLessEq = hot(0x0e, '<=')
const opGreaterEq = hot(0x0f, '>=')
const opAnd = hot(0x10, '&&')
const opOr = hot(0x11, '||')
const opEqual = hot(0x12, '==')
const opNotEqual = hot(0x13, '!=')
const opNot = hot(0x14, '!')
const opLen = hot(0x15, 'len')
const opItob = hot(0x16, 'itob')
const opBtoi = hot(0x17, 'btoi')
const opIntc = hot(0x21, 'intc')
const opBytec = hot(0x27, 'bytec')
const opAssert = hot(0x44, 'assert')
const opDup2 = hot(0x4a, 'dup2')
const opDig = hot(0x4b, 'dig')
const opSwap = hot(0x4c, 'swap')
const opSelect = hot(0x4d, 'select')
const opConcat = hot(0x50, 'concat')
const opExtract = hot(0x57, 'extract')
const opPushbytes = hot(0x80, 'pushbytes')
const opCallsub = hot(0x88, 'callsub')
const opRetsub = hot(0x89, 'retsub')
const opFrameDig = hot(0x8b, 'frame_dig')
const opFrameBury = hot(0x8c, 'frame_bury')

/** Whether the (at most two) top values fit the op's declared kinds; deeper ones are left to
 * checkArgs. */
function argsFit(c: CompiledOp, stack: readonly StackValue[]): boolean {
  if (c.nArgs > 2) return false
  const n = stack.length
  return fits(stack[n - 1], c.topKind) && (c.nArgs < 2 || fits(stack[n - 2], c.belowKind))
}

function fits(v: StackValue, k: Kind): boolean {
  return k === 0 || (typeof v === 'bigint') === (k === 1)
}

/** The arguments' kinds against the prototype. */
function checkArgs(c: CompiledOp, stack: readonly StackValue[], first: number): void {
  const { argKinds } = c
  for (let i = 0; i < argKinds.length; i++) {
    const k = argKinds[i]
    if (k === 0) continue
    const v = stack[first + i]
    if ((typeof v === 'bigint') !== (k === 1)) {
      fail(`${c.spec.name} arg ${i} wanted ${c.spec.args[i].name} but got ${typeName(v)}`)
    }
  }
}

/** Adds what the ops run since the last payment cost to the program's cost, and takes it from
 * the pool of the program's mode. */
function payPool(cx: EvalContext, cost: number): void {
  cx.cost += cost
  if (cx.mode === 'sig') cx.ep.pools.lsig -= cost
  else cx.ep.pools.app -= cost
}

/** Fails for the op that would exceed the budget. Its own cost is not charged, as in go-algorand;
 * what ran before it (`unpaid`) is, by the step loop's finally. */
function budgetExceeded(cx: EvalContext, unpaid: number, name: string): never {
  const cost = cx.cost + unpaid
  fail(`dynamic cost budget exceeded, executing ${name}: local program cost was ${cost}`)
}

function fitsBytes(v: StackValue): boolean {
  return typeof v !== 'bigint' && v.length <= STRING_LIMIT
}

function fitsAny(v: StackValue): boolean {
  return typeof v === 'bigint' || v.length <= STRING_LIMIT
}

/** Whether the results an op left (as many as declared) are of the declared kinds, and none too
 * long: what checkEffect checks, without building its messages. */
function resultsFit(c: CompiledOp, stack: readonly StackValue[], first: number): boolean {
  const kinds = c.retKinds
  if (stack.length !== first + kinds.length) return false
  for (let i = 0; i < kinds.length; i++) {
    const v = stack[first + i]
    const k = kinds[i]
    if (typeof v === 'bigint' ? k === 2 : k === 1 || v.length > STRING_LIMIT) return false
  }
  return true
}

/** After an op with a fixed prototype: it changed the stack height as declared, and pushed
 * values of the declared kinds, none too long. */
function checkEffect(c: CompiledOp, stack: readonly StackValue[], first: number): void {
  const { spec, retKinds } = c
  const nArgs = c.argKinds.length
  if (stack.length - first !== retKinds.length) {
    const change = stack.length - first - nArgs
    fail(`${spec.name} changed stack height improperly ${change} != ${retKinds.length - nArgs}`)
  }
  for (let i = 0; i < retKinds.length; i++) {
    const v = stack[first + i]
    const k = retKinds[i]
    if (k !== 0 && (typeof v === 'bigint') !== (k === 1)) {
      fail(`${spec.name} produced ${typeName(v)} but intended ${spec.returns[i].name}`)
    }
    if (typeof v !== 'bigint' && v.length > MAX_STRING_SIZE) {
      fail(`${spec.name} produced a too big (${v.length}) byte-array`)
    }
  }
}

function run(
  program: Uint8Array,
  mode: Mode,
  ep: EvalParams,
  groupIndex: number,
  appId: bigint,
): EvalResult {
  let cx: EvalContext | undefined
  let error: EvalError | undefined
  try {
    const { version, length } = programVersion(program)
    if (version < ep.minVersion) {
      fail(
        `program version must be >= ${ep.minVersion} for this transaction group, but have version ${version}`,
      )
    }
    cx = new EvalContext(program, version, length, mode, ep, groupIndex, appId)
    check(cx)
    // go-algorand checks the group's box read budget before the first op of an app call.
    if (mode === 'app') groupResources(cx)
    execute(cx)
  } catch (e) {
    const pc = cx?.pc ?? 0
    // Errors found after the last instruction (the final stack checks) name no opcode.
    const op =
      cx && pc < program.length && cx.version >= 1
        ? opTable(cx.version).byOpcode[program[pc]]?.name
        : undefined
    // Anything but AvmError is a bug in this package; it still ends as a reported error.
    const message = e instanceof AvmError ? e.message : `internal error: ${String(e)}`
    error = op === undefined ? { message, pc } : { message, pc, opcode: op }
  }
  // Only a later transaction of the group reads this scratch (gload), so only then is it kept.
  if (cx !== undefined && mode === 'app' && groupIndex < ep.group.length - 1) {
    ep.pastScratch[groupIndex] = cx.scratch
  }
  return cx === undefined ? rejected(error?.message ?? '', error?.pc) : new Outcome(cx, error)
}

/** An evaluation's result, read off its context. A class, so that scratch can be made only when
 * asked for (most programs never touch it) without a closure per call. */
class Outcome implements EvalResult {
  readonly pass: boolean
  readonly cost: number
  readonly logs: readonly Uint8Array[]
  readonly globalDelta: ReadonlyMap<string, StateWrite>
  readonly localDeltas: ReadonlyMap<string, ReadonlyMap<string, StateWrite>>
  readonly boxDelta: ReadonlyMap<string, StateWrite>
  readonly innerGroups: readonly InnerGroupResult[]
  readonly stack: readonly StackValue[]
  declare readonly error?: EvalError
  readonly #cx: EvalContext

  constructor(cx: EvalContext, error: EvalError | undefined) {
    this.#cx = cx
    const top = cx.stack[0]
    this.pass = error === undefined && typeof top === 'bigint' && top !== 0n
    if (error !== undefined) (this as { error?: EvalError }).error = error
    this.cost = cx.cost
    this.logs = cx.logs
    this.globalDelta = cx.globalDelta
    this.localDeltas = cx.localDeltas
    this.boxDelta = cx.boxDelta
    this.innerGroups = cx.innerGroups
    this.stack = cx.stack
  }

  get scratch(): readonly StackValue[] {
    return this.#cx.scratch
  }
}

/** Evaluates the logic signature of transaction `groupIndex` (its `lsig` must be set). */
export function evalSignature(ep: EvalParams, groupIndex: number): EvalResult {
  const lsig = ep.group[groupIndex]?.lsig
  if (!lsig) return rejected(`transaction ${groupIndex} has no logic signature`)
  if (lsig.args.length > ep.proto.evalMaxArgs) return rejected('LogicSig has too many arguments')
  if (lsig.args.some((a) => a.length > ep.proto.maxLogicSigArgSize)) {
    return rejected('LogicSig argument too large')
  }
  return run(lsig.program, 'sig', ep, groupIndex, 0n)
}

/** Evaluates `program` as application `appId` for transaction `groupIndex`. */
export function evalApp(
  program: Uint8Array,
  ep: EvalParams,
  groupIndex: number,
  appId: bigint,
): EvalResult {
  if (!ep.ledger) return rejected('no ledger in contract eval')
  if (appId === 0n) return rejected('0 appId in contract eval')
  const clearState = ep.group[groupIndex]?.txn.onCompletion === ON_COMPLETION.ClearState
  if (clearState && ep.pools.app < ep.proto.maxAppProgramCost) {
    return rejected(`attempted ClearState execution with low OpcodeBudget ${ep.pools.app}`)
  }
  return run(program, 'app', ep, groupIndex, appId)
}

function rejected(message: string, pc = 0): EvalResult {
  return {
    pass: false,
    error: { message, pc },
    cost: 0,
    logs: [],
    globalDelta: new Map(),
    localDeltas: new Map(),
    boxDelta: new Map(),
    innerGroups: [],
    stack: [],
    scratch: [],
  }
}
