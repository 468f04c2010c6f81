import type { EvalContext } from './context.js'
import type { StackValue } from './value.js'

/**
 * An opcode's behaviour. The step loop has already checked mode, stack depth and argument kinds
 * against the opcode's prototype, charged its cost, and checked the program holds its fixed-size
 * immediates; after it returns, the loop checks the stack effect and result kinds. An op fails by
 * throwing AvmError (see errors.ts). Branching or variable-length ops set `cx.nextPc`.
 */
export type OpHandler = (cx: EvalContext) => void

/** Handlers by opcode name, one map per op family file. */
export type OpFamily = Readonly<Record<string, OpHandler>>

/* In the two helpers below, `f` takes its arguments at the kinds the op's prototype declares:
 * the step loop has checked them before the handler runs, hence the casts. */

/** The handler of an op whose result `f(a)` replaces its one argument. */
export function ofOne(f: (a: never) => StackValue): OpHandler {
  return (cx) => {
    const s = cx.stack
    const i = s.length - 1
    s[i] = f(s[i] as never)
  }
}

/** The handler of an op whose result `f(a, b, c)` replaces its three arguments, `c` on top. */
export function ofThree(f: (a: never, b: never, c: never) => StackValue): OpHandler {
  return (cx) => {
    const s = cx.stack
    const c = s.pop() as never
    const b = s.pop() as never
    const i = s.length - 1
    s[i] = f(s[i] as never, b, c)
  }
}
