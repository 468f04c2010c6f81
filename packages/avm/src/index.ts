/** @unica/avm: TEAL assembler, disassembler and AVM evaluator for program versions 1..12. */
export * from './spec/versions.js'
export * from './spec/types.js'
export * from './spec/opcodes.js'
export * from './spec/fields.js'
export * from './txn.js'
export * from './protocol.js'
export * from './ledger.js'
export * from './assembler/index.js'
export * from './encoding/address.js'
export { encodeBase32 } from './encoding/base32.js'
export type { StackValue } from './eval/value.js'
export { EvalParams } from './eval/context.js'
export type { GroupTxn, CallerInfo, BudgetPools } from './eval/params.js'
export { evalApp, evalSignature, type EvalResult, type EvalError } from './eval/run.js'
export type { EvalTracer, StateWrite, InnerGroupResult } from './eval/context.js'
export {
  ProgramTracer,
  type TraceOptions,
  type OpcodeTrace,
  type StateAccess,
  type StateAccessBefore,
  type StateChange,
  type AppStateKind,
} from './eval/trace.js'
export type { UnnamedResourcePolicy, UnnamedAccess } from './eval/unnamed.js'
// For hosts (packages/devnet): the checks and encodings inner transactions need.
export { innerSenderProblem } from './eval/inner-submit.js'
export {
  encodeTxn,
  encodeTxnAndGroupless,
  txnId,
  innerTxnId,
  groupId,
} from './eval/txn-encoding.js'
// The canonical msgpack writer, for the devnet's other canonical encodings (block headers).
export {
  MsgpackWriter,
  encodeStruct,
  struct,
  list,
  uint,
  flag,
  fixed,
  slice,
  text,
  type Entry,
} from './encoding/msgpack.js'
