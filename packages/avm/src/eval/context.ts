/**
 * EvalParams: what every program of one transaction group shares — the group itself, the
 * protocol, the ledger, the pooled budgets and what earlier transactions left behind (scratch
 * for gload, created ids for gaid). The host makes one per group (and one per inner group).
 *
 * EvalContext: the state of one program's evaluation. Opcode handlers receive it and change it;
 * the step loop (run.ts) enforces everything the opcode table declares around them.
 *
 * One module for both: a context reads its group's params, and the params carry the tracer that
 * is handed each context, so apart they would import each other.
 */
import type { Ledger } from '../ledger.js'
import { MAINNET_PROTOCOL, type Protocol } from '../protocol.js'
import { APPS_VERSION, REKEYING_VERSION } from '../spec/versions.js'
import { ON_COMPLETION, type Txn, type TxnEffects } from '../txn.js'
import { fail } from './errors.js'
import { SCRATCH_SIZE } from './limits.js'
import type { CallerInfo, EvalParamsInit, GroupTxn } from './params.js'
import type { BudgetPools } from './pools.js'
import type { UnnamedResourcePolicy } from './unnamed.js'
import type { StackValue } from './value.js'

/** Called by the step loop: before an instruction runs, and after it ran without failing. */
export interface EvalTracer {
  beforeOpcode(cx: EvalContext): void
  afterOpcode(cx: EvalContext): void
}

export class EvalParams {
  readonly group: readonly GroupTxn[]
  readonly proto: Protocol
  readonly ledger: Ledger | undefined
  readonly caller: CallerInfo | undefined
  readonly pools: BudgetPools
  /**
   * Lowest program version any program of this group may have: older programs predate rekeying
   * and applications and could not guard against them (go-algorand computeMinAvmVersion).
   */
  readonly minVersion: number
  /** Scratch space of each app call already evaluated, for gload/gloads. */
  readonly pastScratch: (readonly StackValue[] | undefined)[]
  /** Effects of each transaction already applied, for gaid/gaids (set by the host). */
  readonly effects: (TxnEffects | undefined)[]
  /**
   * Set by a host around one program's evaluation to trace it (simulate's exec trace, see
   * trace.ts); the step loop reads it once per program.
   */
  tracer: EvalTracer | undefined = undefined
  readonly unnamedResources: UnnamedResourcePolicy | undefined

  constructor(init: EvalParamsInit) {
    this.group = init.group
    this.proto = init.proto ?? MAINNET_PROTOCOL
    this.ledger = init.ledger
    this.caller = init.caller
    this.unnamedResources = init.unnamedResources
    const appCalls = init.group.filter((g) => g.txn.type === 'appl').length
    this.pools = init.pools ?? {
      app: appCalls * this.proto.maxAppProgramCost,
      lsig: init.group.length * this.proto.logicSigMaxCost,
      // Any group with an app call may issue MaxTxGroupSize * MaxInnerTransactions (go's
      // EnableInnerTransactionPooling).
      inners: appCalls > 0 ? this.proto.maxTxGroupSize * this.proto.maxInnerTransactions : 0,
    }
    this.minVersion = Math.max(init.minVersion ?? 0, minVersionFor(init.group))
    this.pastScratch = new Array<readonly StackValue[] | undefined>(init.group.length).fill(
      undefined,
    )
    this.effects = new Array<TxnEffects | undefined>(init.group.length).fill(undefined)
  }
}

function minVersionFor(group: readonly GroupTxn[]): number {
  let min = 0
  for (const { txn } of group) {
    if (!isZero(txn.rekeyTo)) min = Math.max(min, REKEYING_VERSION)
    if (txn.type === 'appl') min = Math.max(min, APPS_VERSION)
  }
  return min
}

function isZero(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b !== 0) return false
  return true
}

export type Mode = 'sig' | 'app'

/** A callsub frame; `proto` fills args/returns when the subroutine declares them (v8+). */
export interface Frame {
  readonly retPc: number
  /** Stack height at callsub. */
  readonly height: number
  clear: boolean
  args: number
  returns: number
}

/** One recorded state write, for the result's deltas. `value` undefined means deleted. */
export interface StateWrite {
  readonly key: Uint8Array
  readonly value: StackValue | undefined
}

/** An inner transaction under construction (itxn_begin .. itxn_submit): its fields by name. */
export type InnerTxnDraft = Map<string, StackValue | StackValue[]>

export interface InnerGroupResult {
  readonly txns: readonly Txn[]
  readonly effects: readonly TxnEffects[]
  /** Each transaction's id (go's InnerID), as handed to `Ledger.performInner`. */
  readonly txids: readonly Uint8Array[]
}

/** Immediates decoded once per program, by the pc of their instruction (the value pushint or
 * pushbytes pushes, and where the instruction ends); shared by every evaluation of the same
 * program bytes. */
export interface DecodedImmediates {
  readonly values: (StackValue | undefined)[]
  readonly ends: Int32Array
}

/** An empty stack made as one that has held a bigint: V8 then gives every stack the same
 * elements kind from the start, and the step loop's pushes stay inline (an array made empty holds
 * small integers first, and V8 left pushes onto stacks of both kinds to a builtin call). */
function emptyStack(): StackValue[] {
  const stack: StackValue[] = [0n]
  stack.pop()
  return stack
}

const NOTHING_DECODED: DecodedImmediates = { values: [], ends: new Int32Array(0) }

export class EvalContext {
  pc: number
  /** Set by an op that moves the pc itself (branches, variable-length ops); -1 otherwise. */
  nextPc = -1
  readonly stack: StackValue[] = emptyStack()
  private slots: StackValue[] | undefined = undefined
  /** Cost charged to this program so far. */
  cost = 0
  intc: bigint[] = []
  bytec: Uint8Array[] = []
  readonly callstack: Frame[] = []
  /** Set by a callsub that lands on a proto; proto consumes it. */
  fromCallsub = false
  readonly logs: Uint8Array[] = []
  /** Global state writes by key (hex), last write wins. */
  readonly globalDelta = new Map<string, StateWrite>()
  /** Local state writes by account (hex), then key (hex). */
  readonly localDeltas = new Map<string, Map<string, StateWrite>>()
  /** Box writes of the current app by name (hex), last write wins; `key` is the box name. */
  readonly boxDelta = new Map<string, StateWrite>()
  /** Inner transactions being built since itxn_begin; undefined when none is open. */
  innerDrafts: InnerTxnDraft[] | undefined = undefined
  /** Inner groups submitted so far, in order; the last one is what itxn/gitxn read. */
  readonly innerGroups: InnerGroupResult[] = []
  /** Set by the static check (run.ts). */
  decoded: DecodedImmediates = NOTHING_DECODED
  /** Set once the group's resources have seen this program start (resources.ts `enter`). */
  enteredGroup = false

  constructor(
    readonly program: Uint8Array,
    readonly version: number,
    /** Bytes taken by the version varuint at the start of the program. */
    readonly codeStart: number,
    readonly mode: Mode,
    readonly ep: EvalParams,
    readonly groupIndex: number,
    /** The executing application, 0n in signature mode. */
    readonly appId: bigint,
  ) {
    this.pc = codeStart
  }

  /** Scratch space, made on first use: most calls never touch it. */
  get scratch(): StackValue[] {
    return (this.slots ??= new Array<StackValue>(SCRATCH_SIZE).fill(0n))
  }

  get txn(): Txn {
    return this.ep.group[this.groupIndex].txn
  }

  /** A clear-state program may not use more than one call's budget, whatever the pool holds. */
  private get isolatedClearState(): boolean {
    return this.mode === 'app' && this.txn.onCompletion === ON_COMPLETION.ClearState
  }

  remainingBudget(): number {
    if (this.mode === 'sig') return this.ep.pools.lsig
    if (this.isolatedClearState) return this.ep.proto.maxAppProgramCost - this.cost
    return this.ep.pools.app
  }

  charge(cost: number, opName: string): void {
    if (cost > this.remainingBudget()) {
      fail(`dynamic cost budget exceeded, executing ${opName}: local program cost was ${this.cost}`)
    }
    this.cost += cost
    if (this.mode === 'sig') this.ep.pools.lsig -= cost
    else this.ep.pools.app -= cost
  }

  /** The immediate byte `i` positions after the opcode. */
  imm(i: number): number {
    return this.program[this.pc + 1 + i]
  }

  /** The immediate byte `i` positions after the opcode, read as int8. */
  immSigned(i: number): number {
    const b = this.imm(i)
    return b > 127 ? b - 256 : b
  }

  pop(): StackValue {
    return this.stack.pop()!
  }

  popUint(): bigint {
    return this.stack.pop() as bigint
  }

  popBytes(): Uint8Array {
    return this.stack.pop() as Uint8Array
  }

  push(v: StackValue): void {
    this.stack.push(v)
  }

  /** The value `depth` below the top (0 = top); the caller checked the depth. */
  peek(depth = 0): StackValue {
    return this.stack[this.stack.length - 1 - depth]
  }
}
