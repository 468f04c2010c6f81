/** Stack shaping: pop, dup, dig, bury, cover, uncover, swap, select, popn, dupn. */
import { fail } from '../errors.js'
import type { OpFamily } from '../handler.js'
import { MAX_STACK_DEPTH } from '../limits.js'

export const STACK_OPS: OpFamily = {
  pop: (cx) => {
    cx.stack.length -= 1
  },
  dup: (cx) => {
    cx.push(cx.peek())
  },
  dup2: (cx) => {
    const s = cx.stack
    s.push(s[s.length - 2], s[s.length - 1])
  },
  swap: (cx) => {
    const s = cx.stack
    const last = s.length - 1
    const top = s[last]
    s[last] = s[last - 1]!
    s[last - 1] = top
  },
  select: (cx) => {
    const cond = cx.popUint()
    const ifTrue = cx.pop()
    if (cond !== 0n) cx.stack[cx.stack.length - 1] = ifTrue
  },
  dig: (cx) => {
    const depth = cx.imm(0)
    if (depth >= cx.stack.length) fail(`dig ${depth} with stack size = ${cx.stack.length}`)
    cx.push(cx.peek(depth))
  },
  bury: (cx) => {
    const s = cx.stack
    const last = s.length - 1
    const idx = last - cx.imm(0)
    if (idx < 0 || idx === last) fail('bury outside stack')
    s[idx] = s[last]!
    s.length = last
  },
  cover: (cx) => {
    const depth = cx.imm(0)
    const s = cx.stack
    const top = s.length - 1
    if (top - depth < 0) fail(`cover ${depth} with stack size = ${s.length}`)
    const v = s.pop()!
    s.splice(top - depth, 0, v)
  },
  uncover: (cx) => {
    const depth = cx.imm(0)
    const s = cx.stack
    const top = s.length - 1
    if (top - depth < 0) fail(`uncover ${depth} with stack size = ${s.length}`)
    const [v] = s.splice(top - depth, 1)
    s.push(v)
  },
  popn: (cx) => {
    const n = cx.imm(0)
    if (n > cx.stack.length) fail(`popn ${n} while stack contains ${cx.stack.length}`)
    cx.stack.length -= n
  },
  dupn: (cx) => {
    const n = cx.imm(0)
    if (cx.stack.length + n > MAX_STACK_DEPTH) fail('stack overflow')
    const v = cx.peek()
    for (let i = 0; i < n; i++) cx.push(v)
  },
}
