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
  type InnerGroupResult,
  type Mode,
  type StateWrite,
} from './context.js'
import { AvmError, fail } from './errors.js'
import type { OpHandler } from './handler.js'
import { decodeInstruction } from './immediates.js'
import { MAX_STACK_DEPTH } from './limits.js'
import { groupResources } from './resources.js'
import { HANDLERS } from './ops/index.js'
import type { EvalParams } from './params.js'
import { bytesEqual, typeName, type StackValue } from './value.js'

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
  /** Whether any argument has a declared kind (else the loop skips checking them). */
  readonly typedArgs: boolean
  readonly retKinds: readonly Kind[]
  /** The cost when it does not depend on the stack or immediates, else 0. */
  readonly staticCost: number
  /** Modes allowed, as a mask of MODE_SIG | MODE_APP. */
  readonly modeMask: number
  /** Whether the loop checks the stack effect and results after the op (it has a fixed
   * prototype, is not trusted, and is not err/return, which end the program). */
  readonly checkEffect: boolean
  /** Its effect is one uint64 in place of its arguments (most arithmetic): the loop checks that
   * inline, without calling checkEffect. */
  readonly yieldsOneUint: boolean
  readonly size: number
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
          typedArgs: spec.args.some((t) => kindOf(t.avm) !== 0),
          retKinds: spec.returns.map((t) => kindOf(t.avm)),
          staticCost: typeof spec.cost === 'number' ? spec.cost : 0,
          modeMask: MODE_MASKS[spec.modes],
          yieldsOneUint: spec.returns.length === 1 && kindOf(spec.returns[0].avm) === 1,
          checkEffect:
            spec.hasProto && !spec.trusted && spec.name !== 'err' && spec.name !== 'return',
          size: spec.size,
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
    ints: new Array<bigint | undefined>(program.length),
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
 * nothing, and keeps the pc in a local (written back before each handler, which reads it). */
function execute(cx: EvalContext): void {
  const { program, stack, ep } = cx
  const ops = compiledOps(cx.version)
  const end = program.length
  const modeMask = cx.mode === 'sig' ? MODE_SIG : MODE_APP
  const pools = ep.pools
  // A clear-state program is held to one call's budget whatever the pool holds (go's
  // IsolateClearState); otherwise the pooled budget of its mode is the limit.
  const isolated = cx.mode === 'app' && cx.txn.onCompletion === ON_COMPLETION.ClearState
  const callBudget = ep.proto.maxAppProgramCost
  let pc = cx.pc
  // Simulate's execution trace (trace.ts): read once, so an untraced run pays one test per op.
  const tracer = ep.tracer
  while (pc < end) {
    if (tracer !== undefined) tracer.beforeOpcode(cx)
    const c = ops[program[pc]]
    if (c === undefined) fail(`illegal opcode 0x${program[pc].toString(16).padStart(2, '0')}`)
    if ((c.modeMask & modeMask) === 0) fail(`${c.spec.name} not allowed in current mode`)
    const nArgs = c.nArgs
    const first = stack.length - nArgs
    if (first < 0) fail(`stack underflow in ${c.spec.name}`)
    if (c.typedArgs) checkArgs(c, stack, first)
    if (c.size !== 0 && pc + c.size > end) fail('program ends without immediate value(s)')

    const cost = c.staticCost || dynamicCost(cx, c.spec)
    if (modeMask === MODE_SIG) {
      if (cost > pools.lsig) budgetExceeded(cx, c.spec.name)
      pools.lsig -= cost
    } else {
      const left = isolated ? callBudget - cx.cost : pools.app
      if (cost > left) budgetExceeded(cx, c.spec.name)
      pools.app -= cost
    }
    cx.cost += cost

    c.handler(cx)

    if (c.checkEffect) {
      const fast = c.yieldsOneUint && stack.length === first + 1 && typeof stack[first] === 'bigint'
      if (!fast) checkEffect(c, stack, first)
    }
    if (stack.length > MAX_STACK_DEPTH) fail('stack overflow')
    if (tracer !== undefined) tracer.afterOpcode(cx)
    const next = cx.nextPc
    if (next >= 0) {
      pc = next
      cx.nextPc = -1
    } else {
      pc += c.size
    }
    cx.pc = pc
  }
  if (stack.length !== 1) fail(`stack len is ${stack.length} instead of 1`)
  if (typeof stack[0] !== 'bigint') fail('stack finished with bytes not int')
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

function budgetExceeded(cx: EvalContext, name: string): never {
  fail(`dynamic cost budget exceeded, executing ${name}: local program cost was ${cx.cost}`)
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
