/**
 * simulate's execution traces and initial states (`exec-trace-config`), after go-algorand's
 * ledger/simulation/tracer.go and initialStates.go (described in docs/algorand.md §12). The ledger calls a SimulationTracing at the points go's evalTracer is
 * called: each transaction's start and end (inner ones included), each program's evaluation,
 * and a failed clear-state program; the AVM records each program's instructions through the
 * `ProgramTracer` handed out here.
 */
import {
  ProgramTracer,
  type OpcodeTrace,
  type StackValue,
  type StateAccessBefore,
  type TraceOptions,
} from '@unica/avm'
import algosdk, { modelsv2 } from 'algosdk'
import { sha512_256 } from '../ledger/crypto.js'
import { addrKey, bytesKey, keyAddr, keyBytes } from '../ledger/keys.js'

/** One transaction's trace (go's TransactionTrace), inner transactions' nested in it. */
interface TxnTrace {
  approval?: ProgramTracer
  approvalHash?: Uint8Array
  clear?: ProgramTracer
  clearHash?: Uint8Array
  clearRollback?: boolean
  clearRollbackError?: string
  logicSig?: ProgramTracer
  logicSigHash?: Uint8Array
  /** The program now running for this transaction (go's programTraceRef). */
  running?: ProgramTracer
  readonly inner: TxnTrace[]
}

/** Values of one app's state as the simulation first found them, by key (latin1). */
type KeyValues = Map<string, StackValue | undefined>

/** go's SingleAppInitialStates: first-seen values, and keys the simulation created. */
interface AppInitialStates {
  readonly globals: KeyValues
  readonly boxes: KeyValues
  /** By account key, then state key. */
  readonly locals: Map<string, KeyValues>
  /** Keys written while absent: created by the simulation, so they had no initial value. */
  readonly created: Set<string>
}

const createdKey = (a: StateAccessBefore): string =>
  `${a.kind}:${a.account === undefined ? '' : addrKey(a.account)}:${bytesKey(a.key)}`

export class SimulationTracing {
  private readonly top: (TxnTrace | undefined)[]
  /** The transactions being applied, outermost first (go's execTraceStack). */
  private readonly stack: TxnTrace[] = []
  private readonly initial = new Map<bigint, AppInitialStates>()
  /** Apps created by the simulated group: go records no initial state for them. */
  private readonly createdApps = new Set<bigint>()

  constructor(
    readonly options: TraceOptions,
    groupSize: number,
  ) {
    this.top = new Array<TxnTrace | undefined>(groupSize).fill(undefined)
  }

  /** A tracer for the logic signature of top-level transaction `gi` (go's BeforeProgram). */
  logicSig(gi: number, program: Uint8Array): ProgramTracer {
    const tracer = new ProgramTracer(this.options)
    this.top[gi] = { logicSig: tracer, logicSigHash: sha512_256(program), inner: [] }
    return tracer
  }

  /** A transaction starts: top-level `gi`, or an inner one of the running program. */
  beginTxn(gi: number): void {
    const parent = this.stack.at(-1)
    let trace: TxnTrace
    if (parent === undefined) {
      trace = this.top[gi] ?? { inner: [] }
      this.top[gi] = trace
    } else {
      trace = { inner: [] }
      parent.inner.push(trace)
      parent.running?.units.at(-1)?.spawnedInners.push(parent.inner.length - 1)
    }
    this.stack.push(trace)
  }

  endTxn(): void {
    this.stack.pop()
  }

  /** A tracer for the approval or clear-state program of the transaction being applied. */
  program(
    program: Uint8Array,
    clearState: boolean,
    appId: bigint,
    creating: boolean,
  ): ProgramTracer | undefined {
    const trace = this.stack.at(-1)
    if (trace === undefined) return undefined
    if (creating && this.options.state) this.createdApps.add(appId)
    const tracer = new ProgramTracer(this.options, (access) => {
      this.recordInitial(access)
    })
    if (clearState) {
      trace.clear = tracer
      trace.clearHash = sha512_256(program)
    } else {
      trace.approval = tracer
      trace.approvalHash = sha512_256(program)
    }
    trace.running = tracer
    return tracer
  }

  /** The clear-state program failed or rejected: its changes are rolled back. */
  clearStateRollback(error: string | undefined): void {
    const trace = this.stack.at(-1)
    if (trace === undefined) return
    trace.clearRollback = true
    if (error !== undefined) trace.clearRollbackError = error
  }

  /** go's AppsInitialStates.increment: the first value seen of each key an app touches. */
  private recordInitial(a: StateAccessBefore): void {
    if (this.createdApps.has(a.runningApp)) return
    let app = this.initial.get(a.app)
    if (app === undefined) {
      app = { globals: new Map(), boxes: new Map(), locals: new Map(), created: new Set() }
      this.initial.set(a.app, app)
    }
    const key = bytesKey(a.key)
    const account = addrKey(a.account ?? new Uint8Array(32))
    const table = a.kind === 'g' ? app.globals : a.kind === 'b' ? app.boxes : undefined
    const kvs = table ?? app.locals.get(account)
    if (kvs?.has(key) === true || app.created.has(createdKey(a))) return
    // Written while absent: the simulation creates it, so it had no initial value.
    if (a.op === 'w' && a.value === undefined) {
      app.created.add(createdKey(a))
      return
    }
    if (kvs !== undefined) kvs.set(key, a.value)
    else app.locals.set(account, new Map([[key, a.value]]))
  }

  /** The exec-trace of top-level transaction `gi`, if it started (go's convertTxnTrace). */
  execTrace(gi: number): modelsv2.SimulationTransactionExecTrace | undefined {
    const trace = this.top[gi]
    return trace === undefined ? undefined : traceModel(trace)
  }

  /** initial-states, when state changes are traced (go's convertSimulateInitialStates). */
  initialStates(): modelsv2.SimulateInitialStates | undefined {
    if (!this.options.state) return undefined
    const apps = [...this.initial.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    const appInitialStates = apps.map(
      ([id, s]) =>
        new modelsv2.ApplicationInitialStates({
          id,
          appGlobals: s.globals.size > 0 ? kvStorage(s.globals) : undefined,
          appBoxes: s.boxes.size > 0 ? kvStorage(s.boxes) : undefined,
          appLocals: orUndefined(
            [...s.locals.entries()]
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([account, kvs]) => kvStorage(kvs, account)),
          ),
        }),
    )
    return new modelsv2.SimulateInitialStates({ appInitialStates: orUndefined(appInitialStates) })
  }
}

const orUndefined = <T>(list: T[]): T[] | undefined => (list.length === 0 ? undefined : list)

/** go's TealValue as simulate writes it: type 1 bytes, 2 uint; type 0 for no value. */
function avmValue(v: StackValue | undefined): modelsv2.AvmValue {
  if (v === undefined) return new modelsv2.AvmValue({ type: 0 })
  return typeof v === 'bigint'
    ? new modelsv2.AvmValue({ type: 2, uint: v })
    : new modelsv2.AvmValue({ type: 1, bytes: v })
}

function kvStorage(kvs: KeyValues, account?: string): modelsv2.ApplicationKVStorage {
  const keys = [...kvs.keys()].sort()
  return new modelsv2.ApplicationKVStorage({
    account: account === undefined ? undefined : new algosdk.Address(keyAddr(account)),
    kvs: keys.map(
      (k) => new modelsv2.AvmKeyValue({ key: keyBytes(k), value: avmValue(kvs.get(k)) }),
    ),
  })
}

function unitModel(u: OpcodeTrace): modelsv2.SimulationOpcodeTraceUnit {
  return new modelsv2.SimulationOpcodeTraceUnit({
    pc: u.pc,
    spawnedInners: orUndefined(u.spawnedInners),
    stackPopCount: u.stackPopCount === 0 ? undefined : u.stackPopCount,
    stackAdditions: u.stackAdditions?.map(avmValue),
    scratchChanges: u.scratchChanges?.map(
      (c) => new modelsv2.ScratchChange({ slot: c.slot, newValue: avmValue(c.value) }),
    ),
    stateChanges: u.stateChanges?.map(
      (c) =>
        new modelsv2.ApplicationStateOperation({
          operation: c.op,
          appStateType: c.kind,
          key: c.key,
          // A deleted value is written as nothing (go's omitEmpty of an empty TealValue).
          newValue: c.newValue === undefined ? undefined : avmValue(c.newValue),
          account: c.account === undefined ? undefined : new algosdk.Address(c.account),
        }),
    ),
  })
}

const units = (t: ProgramTracer | undefined) =>
  t === undefined ? undefined : orUndefined(t.units.map(unitModel))

function traceModel(t: TxnTrace): modelsv2.SimulationTransactionExecTrace {
  return new modelsv2.SimulationTransactionExecTrace({
    approvalProgramTrace: units(t.approval),
    approvalProgramHash: t.approvalHash,
    clearStateProgramTrace: units(t.clear),
    clearStateProgramHash: t.clearHash,
    clearStateRollback: t.clearRollback,
    clearStateRollbackError: t.clearRollbackError,
    logicSigTrace: units(t.logicSig),
    logicSigHash: t.logicSigHash,
    innerTrace: orUndefined(t.inner.map(traceModel)),
  })
}
