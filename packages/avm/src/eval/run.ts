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
import { EvalContext, type InnerGroupResult, type Mode, type StateWrite } from './context.js'
import { AvmError, fail } from './errors.js'
import type { OpHandler } from './handler.js'
import { decodeInstruction } from './immediates.js'
import { MAX_STACK_DEPTH } from './limits.js'
import { groupResources } from './resources.js'
import { HANDLERS } from './ops/index.js'
import type { EvalParams } from './params.js'
import { typeName, type StackValue } from './value.js'

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
  readonly retKinds: readonly Kind[]
  /** The cost when it does not depend on the stack or immediates, else 0. */
  readonly staticCost: number
  /** Modes allowed, as a mask of MODE_SIG | MODE_APP. */
  readonly modeMask: number
  /** Whether the loop checks the stack effect and results after the op (it has a fixed
   * prototype, is not trusted, and is not err/return, which end the program). */
  readonly checkEffect: boolean
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
          retKinds: spec.returns.map((t) => kindOf(t.avm)),
          staticCost: typeof spec.cost === 'number' ? spec.cost : 0,
          modeMask: MODE_MASKS[spec.modes],
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
  const { program, version } = cx
  const ops = compiledOps(version)
  const starts = new Uint8Array(program.length + 1)
  const targets = new Uint8Array(program.length + 1)
  const maxCost = cx.remainingBudget()
  let staticCost = 0
  let pc = cx.codeStart
  while (pc < program.length) {
    const c = ops[program[pc]]
    const at: (msg: string) => never = (msg) => fail(`pc=${String(pc).padStart(3)} ${msg}`)
    if (c === undefined) at(`illegal opcode 0x${program[pc].toString(16).padStart(2, '0')}`)
    const { spec } = c
    if (spec.modes !== 'any' && spec.modes !== cx.mode)
      at(`${spec.name} not allowed in current mode`)
    starts[pc] = 1
    const decoded = decodeInstruction(program, pc, spec)
    if (typeof decoded === 'string') at(decoded)
    for (const target of decoded.targets) {
      if (target < pc + decoded.size && version < BACK_BRANCH_VERSION) {
        at(`negative branch offset ${(target - pc - decoded.size).toString(16)}`)
      }
      const tooFar =
        version >= REKEYING_VERSION ? target > program.length : target >= program.length
      if (tooFar || target < 0) at(`branch target ${target} outside of program`)
      if (target < pc + decoded.size && starts[target] !== 1) {
        at(`back branch target ${target} is not an aligned instruction`)
      }
      targets[target] = 1
    }
    for (let inner = pc + 1; inner < pc + decoded.size; inner++) {
      if (targets[inner] === 1) at(`branch target ${inner} is not an aligned instruction`)
    }
    if (version < BACK_BRANCH_VERSION) {
      staticCost += c.staticCost || 1
      if (staticCost > maxCost) at(`static cost budget of ${maxCost} exceeded`)
    }
    pc += decoded.size
  }
}

/** The step loop. Throws AvmError on any failure. Kept lean: it runs once per opcode. */
function execute(cx: EvalContext): void {
  const { program, stack, ep } = cx
  const ops = compiledOps(cx.version)
  const end = program.length
  const modeMask = cx.mode === 'sig' ? MODE_SIG : MODE_APP
  const pools = ep.pools
  // A clear-state program is held to one call's budget whatever the pool holds (go's
  // IsolateClearState); otherwise the pooled budget of its mode is the limit.
  const isolated = cx.mode === 'app' && cx.txn.onCompletion === ON_COMPLETION.ClearState
  while (cx.pc < end) {
    const c = ops[program[cx.pc]]
    if (c === undefined) fail(`illegal opcode 0x${program[cx.pc].toString(16).padStart(2, '0')}`)
    const { spec, argKinds } = c
    if ((c.modeMask & modeMask) === 0) fail(`${spec.name} not allowed in current mode`)
    const nArgs = argKinds.length
    if (stack.length < nArgs) fail(`stack underflow in ${spec.name}`)
    const first = stack.length - nArgs
    for (let i = 0; i < nArgs; i++) {
      const k = argKinds[i]
      if (k === 0) continue
      const v = stack[first + i]
      if ((typeof v === 'bigint') !== (k === 1)) {
        fail(`${spec.name} arg ${i} wanted ${spec.args[i].name} but got ${typeName(v)}`)
      }
    }
    if (c.size !== 0 && cx.pc + c.size > end) fail('program ends without immediate value(s)')

    const cost = c.staticCost || dynamicCost(cx, spec)
    if (modeMask === MODE_SIG) {
      if (cost > pools.lsig) budgetExceeded(cx, spec.name)
      pools.lsig -= cost
    } else {
      const left = isolated ? ep.proto.maxAppProgramCost - cx.cost : pools.app
      if (cost > left) budgetExceeded(cx, spec.name)
      pools.app -= cost
    }
    cx.cost += cost

    c.handler(cx)

    if (c.checkEffect) checkEffect(c, stack, first)
    if (stack.length > MAX_STACK_DEPTH) fail('stack overflow')
    if (cx.nextPc >= 0) {
      cx.pc = cx.nextPc
      cx.nextPc = -1
    } else {
      cx.pc += c.size
    }
  }
  if (stack.length !== 1) fail(`stack len is ${stack.length} instead of 1`)
  if (typeof stack[0] !== 'bigint') fail('stack finished with bytes not int')
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
    if (mode === 'app') ep.pastScratch[groupIndex] = cx.scratch
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
  const top = cx?.stack[0]
  return {
    pass: error === undefined && typeof top === 'bigint' && top !== 0n,
    ...(error ? { error } : {}),
    cost: cx?.cost ?? 0,
    logs: cx?.logs ?? [],
    globalDelta: cx?.globalDelta ?? new Map(),
    localDeltas: cx?.localDeltas ?? new Map(),
    boxDelta: cx?.boxDelta ?? new Map(),
    innerGroups: cx?.innerGroups ?? [],
    stack: cx?.stack ?? [],
    scratch: cx?.scratch ?? [],
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

function rejected(message: string): EvalResult {
  return {
    pass: false,
    error: { message, pc: 0 },
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
