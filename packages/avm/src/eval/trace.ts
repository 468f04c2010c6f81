/**
 * Execution traces, as go-algorand's simulate records them (ledger/simulation/tracer.go, and the
 * stack and state explanations of data/transactions/logic; see docs/algorand.md §12). The step
 * loop calls an EvalParams' `tracer` around every instruction when one is set; `ProgramTracer` is
 * the tracer a host hands it for one program's evaluation.
 *
 * Per instruction it records the pc and, as asked: how many stack values the instruction takes
 * off and the values it leaves in their place; the scratch slot a store writes; the app state a
 * write or delete changes, with the value after it. Every state access (reads included) is also
 * reported with the value before it, from which the host builds simulate's initial states.
 */
import { opTable } from '../spec/opcodes.js'
import type { EvalContext, EvalTracer } from './context.js'
import { appReference, localsReference, mutableAccountReference } from './references.js'
import { SCRATCH_SIZE } from './limits.js'
import type { StackValue } from './value.js'

/** What a trace records besides the pcs (go's exec-trace-config). */
export interface TraceOptions {
  readonly stack: boolean
  readonly scratch: boolean
  readonly state: boolean
}

/** go's AppStateEnum as simulate names it: global, local, box. */
export type AppStateKind = 'g' | 'l' | 'b'

/** An access to app state by one instruction (go's AppStateExplain): read, write or delete. */
export interface StateAccess {
  readonly op: 'r' | 'w' | 'd'
  readonly kind: AppStateKind
  readonly app: bigint
  /** The account of local state; undefined for global state and boxes. */
  readonly account: Uint8Array | undefined
  readonly key: Uint8Array
}

/** A state access as reported to the host: with the value before it and the running app. */
export interface StateAccessBefore extends StateAccess {
  readonly value: StackValue | undefined
  /** The app whose program made the access (go skips initial states of apps it created). */
  readonly runningApp: bigint
}

/** A write or delete, with the value the state holds after the instruction. */
export interface StateChange extends StateAccess {
  newValue: StackValue | undefined
}

/** One executed instruction (go's OpcodeTraceUnit). */
export interface OpcodeTrace {
  readonly pc: number
  /** With stack changes: values taken off, then values pushed in their place. */
  stackPopCount?: number
  stackAdditions?: StackValue[]
  scratchChanges?: { readonly slot: number; readonly value: StackValue }[]
  stateChanges?: StateChange[]
  /** Indexes, among the inner transactions of this program, of those this instruction issued. */
  readonly spawnedInners: number[]
}

/** Values are kept past the instruction, whose byte arrays a later one may reuse. */
const copy = (v: StackValue): StackValue => (v instanceof Uint8Array ? v.slice() : v)

const imm = (cx: EvalContext, i: number): number => cx.program[cx.pc + 1 + i]

/** go swallows a reference error here: the instruction itself fails on it when it runs. */
function orZero<T>(resolve: () => T, zero: T): T {
  try {
    return resolve()
  } catch {
    return zero
  }
}

const NO_ACCOUNT = new Uint8Array(32)
const bytesAt = (cx: EvalContext, depth: number): Uint8Array => {
  const v = cx.stack[cx.stack.length - 1 - depth]
  return v instanceof Uint8Array ? v : new Uint8Array(0)
}
const uintAt = (cx: EvalContext, depth: number): bigint => {
  const v = cx.stack[cx.stack.length - 1 - depth]
  return typeof v === 'bigint' ? v : 0n
}

/** How many values an instruction takes off the stack (go's debugStackExplain deletions). */
function stackPops(cx: EvalContext, name: string, declared: number): number {
  const height = cx.stack.length
  const frame = cx.callstack.at(-1)
  switch (name) {
    case 'return':
      return height
    case 'bury':
    case 'cover':
    case 'uncover':
    case 'match':
      return imm(cx, 0) + 1
    case 'popn':
      return imm(cx, 0)
    case 'dupn':
      return 1
    case 'dig':
    case 'frame_dig':
    case 'pushints':
    case 'pushbytess':
      return 0
    case 'retsub':
      return frame?.clear === true ? height - (frame.height - frame.args) : 0
    case 'frame_bury': {
      if (frame === undefined) return 0
      const i = imm(cx, 0)
      return height - (frame.height + (i > 127 ? i - 256 : i))
    }
    default:
      return declared
  }
}

/** What each box op does to its box, and how deep below the top the box name lies. */
const BOX_ACCESS: Readonly<Partial<Record<string, readonly [StateAccess['op'], number]>>> = {
  box_get: ['r', 0],
  box_len: ['r', 0],
  box_extract: ['r', 2],
  box_create: ['w', 1],
  box_put: ['w', 1],
  box_resize: ['w', 1],
  box_replace: ['w', 2],
  box_splice: ['w', 3],
  box_del: ['d', 0],
}

/** The app state an instruction reads or changes (go's AppStateExplain), before it runs. */
function stateAccess(cx: EvalContext, name: string): StateAccess | undefined {
  const app = cx.appId
  const g = (op: StateAccess['op'], key: Uint8Array): StateAccess => ({
    op,
    kind: 'g',
    app,
    account: undefined,
    key,
  })
  const b = (op: StateAccess['op'], depth: number): StateAccess => ({
    op,
    kind: 'b',
    app,
    account: undefined,
    key: bytesAt(cx, depth),
  })
  const top = cx.stack.length - 1
  const mutable = (depth: number): Uint8Array =>
    orZero(() => mutableAccountReference(cx, cx.stack[top - depth]), NO_ACCOUNT)
  switch (name) {
    case 'app_global_get':
      return g('r', bytesAt(cx, 0))
    case 'app_global_put':
      return g('w', bytesAt(cx, 1))
    case 'app_global_del':
      return g('d', bytesAt(cx, 0))
    case 'app_global_get_ex': {
      const id = orZero(() => appReference(cx, uintAt(cx, 1), true), 0n)
      return { op: 'r', kind: 'g', app: id, account: undefined, key: bytesAt(cx, 0) }
    }
    case 'app_local_get': {
      const ref = orZero(() => localsReference(cx, cx.stack[top - 1], 0n).addr, NO_ACCOUNT)
      return { op: 'r', kind: 'l', app, account: ref, key: bytesAt(cx, 0) }
    }
    case 'app_local_get_ex': {
      const zero = { addr: NO_ACCOUNT, app: 0n }
      const ref = orZero(() => localsReference(cx, cx.stack[top - 2], uintAt(cx, 1)), zero)
      return { op: 'r', kind: 'l', app: ref.app, account: ref.addr, key: bytesAt(cx, 0) }
    }
    case 'app_local_put':
      return { op: 'w', kind: 'l', app, account: mutable(2), key: bytesAt(cx, 1) }
    case 'app_local_del':
      return { op: 'd', kind: 'l', app, account: mutable(1), key: bytesAt(cx, 0) }
    default: {
      const box = BOX_ACCESS[name]
      return box === undefined ? undefined : b(box[0], box[1])
    }
  }
}

/** The value of app state now, or undefined where there is none (go's AppStateQuerying). */
function currentValue(cx: EvalContext, s: StateAccess): StackValue | undefined {
  const ledger = cx.ep.ledger
  if (ledger === undefined) return undefined
  if (s.kind === 'g') return ledger.getGlobal(s.app, s.key)
  if (s.kind === 'b') return ledger.getBox(s.app, s.key)
  return s.account === undefined ? undefined : ledger.getLocal(s.account, s.app, s.key)
}

/** Records one program's evaluation: hand it to the EvalParams' `tracer` while it runs. */
export class ProgramTracer implements EvalTracer {
  readonly units: OpcodeTrace[] = []
  /** Where the height of the stack was after the current instruction's pops. */
  private keptHeight = 0
  private scratchSlot: number | undefined

  constructor(
    readonly options: TraceOptions,
    /** Told of every app state access, with the value before it (simulate's initial states). */
    private readonly onStateAccess?: (access: StateAccessBefore) => void,
  ) {}

  beforeOpcode(cx: EvalContext): void {
    const unit: OpcodeTrace = { pc: cx.pc, spawnedInners: [] }
    this.units.push(unit)
    const spec = opTable(cx.version).byOpcode[cx.program[cx.pc]]
    if (spec === undefined) return
    if (this.options.stack) {
      const pops = stackPops(cx, spec.name, spec.args.length)
      unit.stackPopCount = pops
      this.keptHeight = cx.stack.length - pops
    }
    if (this.options.scratch) this.scratchSlot = this.scratchWritten(cx, spec.name)
    if (this.options.state && cx.mode === 'app') {
      const access = stateAccess(cx, spec.name)
      if (access === undefined) return
      if (access.op !== 'r') (unit.stateChanges ??= []).push({ ...access, newValue: undefined })
      this.onStateAccess?.({ ...access, value: currentValue(cx, access), runningApp: cx.appId })
    }
  }

  afterOpcode(cx: EvalContext): void {
    // beforeOpcode pushed this instruction's unit.
    const unit = this.units[this.units.length - 1]
    if (this.options.stack) {
      const from = Math.max(this.keptHeight, 0)
      if (cx.stack.length > from) unit.stackAdditions = cx.stack.slice(from).map(copy)
    }
    if (this.options.scratch && this.scratchSlot !== undefined) {
      const value = copy(cx.scratch[this.scratchSlot])
      unit.scratchChanges = [{ slot: this.scratchSlot, value }]
    }
    for (const change of unit.stateChanges ?? []) {
      const value = currentValue(cx, change)
      change.newValue = value === undefined ? undefined : copy(value)
    }
  }

  /** The slot `store` or `stores` is about to write (go's recordChangedScratchSlots). */
  private scratchWritten(cx: EvalContext, name: string): number | undefined {
    if (name === 'store') return imm(cx, 0)
    if (name !== 'stores' || cx.stack.length < 2) return undefined
    const slot = uintAt(cx, 1)
    return slot < BigInt(SCRATCH_SIZE) ? Number(slot) : undefined
  }
}
