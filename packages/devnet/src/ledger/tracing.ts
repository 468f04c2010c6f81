/**
 * Where the ledger tells simulate's tracer what it evaluates (go's EvalTracer hooks around
 * transactions and programs); src/chain/simulate-trace.ts implements it. Unset outside simulate.
 */
import type { EvalTracer } from '@unica/avm'

export interface ExecTracing {
  /** The logic signature of top-level transaction `gi` is about to be evaluated. */
  logicSig(gi: number, program: Uint8Array): EvalTracer
  /** A transaction starts being applied: top-level `gi`, or an inner one of the running app. */
  beginTxn(gi: number): void
  endTxn(): void
  /** An approval or clear-state program is about to run for the current transaction. */
  program(
    program: Uint8Array,
    clearState: boolean,
    appId: bigint,
    creating: boolean,
  ): EvalTracer | undefined
  /** The clear-state program failed (with an error) or rejected: its changes are undone. */
  clearStateRollback(error: string | undefined): void
}
