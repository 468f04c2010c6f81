import type { EvalContext } from './context.js'

/**
 * An opcode's behaviour. The step loop has already checked mode, stack depth and argument kinds
 * against the opcode's prototype, charged its cost, and checked the program holds its fixed-size
 * immediates; after it returns, the loop checks the stack effect and result kinds. An op fails by
 * throwing AvmError (see errors.ts). Branching or variable-length ops set `cx.nextPc`.
 */
export type OpHandler = (cx: EvalContext) => void

/** Handlers by opcode name, one map per op family file. */
export type OpFamily = Readonly<Record<string, OpHandler>>
