/**
 * Per-opcode refinements of the type check (go-algorand's `typed(...)` functions): ops whose
 * stack effect depends on immediates or on what is already known about the stack.
 * Each returns replacement args/returns (undefined keeps the spec's) or an error message.
 */
import { TXN_FIELDS } from '../spec/fields.js'
import { ANY, BYTES, UINT64, type StackType } from '../spec/types.js'
import { parseInt, parseUint } from './goparse.js'
import type { Token } from './lexer.js'
import { parseBinaryArgs } from './literals.js'
import {
  anyTypes,
  constInt,
  newStackType,
  sameType,
  union,
  widened,
  type ProgramKnowledge,
} from './stack.js'

interface Refined {
  args?: StackType[]
  returns?: StackType[]
  error?: string
}

export type RefineFunc = (pgm: ProgramKnowledge, args: readonly Token[]) => Refined

/** An immediate in -128..255 (ParseInt base 0, 9 bits), then checked for sign. */
function getImm(args: readonly Token[], i: number, signed: boolean): number | undefined {
  const a = args.at(i)
  if (!a) return undefined
  const r = parseInt(a.str, 0, 9)
  if (!r.ok) return undefined
  const n = Number(r.value)
  if (signed ? n < -128 || n > 127 : n < 0 || n > 255) return undefined
  return n
}

const at = (pgm: ProgramKnowledge, i: number): StackType => pgm.stack[i]

const typeBury: RefineFunc = (pgm, args) => {
  const n = getImm(args, 0, false)
  if (n === undefined) return {}
  if (n === 0) return { error: 'bury 0 always fails' }
  const idx = pgm.stack.length - 1 - n
  if (idx < 0) {
    if (pgm.bottom.avm === 'none') return { args: anyTypes(n + 1) }
    return {}
  }
  const typ = pgm.top()
  const returns = pgm.stack.slice(idx, idx + n)
  returns[0] = typ
  return { args: pgm.stack.slice(idx), returns }
}

const typeFrameDig: RefineFunc = (pgm, args) => {
  const n = getImm(args, 0, true)
  if (n === undefined || pgm.fp === -1) return {}
  const idx = pgm.fp + n
  if (idx < 0) return { error: `frame_dig ${n} in sub with ${pgm.fp} args` }
  if (idx >= pgm.stack.length) return { error: 'frame_dig above stack' }
  return { returns: [at(pgm, idx)] }
}

const typeFrameBury: RefineFunc = (pgm, args) => {
  const n = getImm(args, 0, true)
  if (n === undefined) return {}
  const typ = pgm.top()
  if (pgm.fp === -1) {
    // Without a frame pointer, any slot might be overwritten with the top's type.
    pgm.stack = pgm.stack.map((t) => (sameType(t, typ) ? t : ANY))
    return {}
  }
  const idx = pgm.fp + n
  if (idx < 0) return { error: `frame_bury ${n} in sub with ${pgm.fp} args` }
  const top = pgm.stack.length - 1
  if (idx >= top) return { error: 'frame_bury above stack' }
  const returns = pgm.stack.slice(idx, top)
  returns[0] = typ
  return { args: pgm.stack.slice(idx), returns }
}

const typeEquals: RefineFunc = (pgm) => {
  if (pgm.stack.length === 0) return {}
  const w = widened(pgm.top())
  return { args: [w, w] }
}

const typeDup: RefineFunc = (pgm) =>
  pgm.stack.length === 0 ? {} : { returns: [pgm.top(), pgm.top()] }

const typeDupTwo: RefineFunc = (pgm) => {
  const two = [ANY, ANY]
  const top = pgm.stack.length - 1
  if (top >= 0) {
    two[1] = at(pgm, top)
    if (top >= 1) two[0] = at(pgm, top - 1)
  }
  return { returns: [...two, ...two] }
}

const typeSwap: RefineFunc = (pgm) => {
  const swapped = [ANY, ANY]
  const top = pgm.stack.length - 1
  if (top >= 0) {
    swapped[0] = at(pgm, top)
    if (top >= 1) swapped[1] = at(pgm, top - 1)
  }
  return { returns: swapped }
}

const typeSelect: RefineFunc = (pgm) => {
  const top = pgm.stack.length - 1
  return top >= 2 ? { returns: [union(at(pgm, top - 1), at(pgm, top - 2))] } : {}
}

const typeSetBit: RefineFunc = (pgm) => {
  const top = pgm.stack.length - 1
  return top >= 2 ? { returns: [at(pgm, top - 2)] } : {}
}

/**
 * dig, cover and uncover take the top n+1 types and return them reordered (dig: with a copy):
 * `reorder` gets those types, deepest first; when the stack is too shallow to know them, it is
 * given ANYs.
 */
const typeReorder =
  (reorder: (window: StackType[]) => StackType[]): RefineFunc =>
  (pgm, args) => {
    const n = getImm(args, 0, false)
    if (n === undefined) return {}
    const depth = n + 1
    const idx = pgm.stack.length - depth
    const returns = reorder(idx >= 0 ? pgm.stack.slice(idx) : anyTypes(depth))
    return { args: anyTypes(depth), returns }
  }

/** dig n: a copy of the n-th below the top is pushed. */
const typeDig = typeReorder((w) => [...w, w[0]])
/** cover n: the top moves under the n below it. */
const typeCover = typeReorder((w) => [w[w.length - 1], ...w.slice(0, -1)])
/** uncover n: the n-th below the top moves to the top. */
const typeUncover = typeReorder((w) => [...w.slice(1), w[0]])

const typeByteMath =
  (size: bigint): RefineFunc =>
  () => ({ returns: [newStackType('bytes', [0n, size])] })

const typeTxField: RefineFunc = (_pgm, args) => {
  if (args.length !== 1) return {}
  const fs = TXN_FIELDS.byName.get(args[0].str)
  return fs ? { args: [fs.type] } : {}
}

const typeStore: RefineFunc = (pgm, args) => {
  const i = getImm(args, 0, false)
  if (i !== undefined && pgm.stack.length > 0) pgm.scratch[i] = pgm.top()
  return {}
}

const typeStores: RefineFunc = (pgm) => {
  const top = pgm.stack.length - 1
  if (top < 0) return {}
  if (top >= 1) {
    const idx = constInt(at(pgm, top - 1))
    if (idx !== undefined) {
      // go-algorand indexes scratch with the constant unchecked (it would panic past 255).
      if (idx < 256n) pgm.scratch[Number(idx)] = at(pgm, top)
      return {}
    }
  }
  pgm.scratch = pgm.scratch.map((t) => union(t, at(pgm, top)))
  return {}
}

const typeLoad: RefineFunc = (pgm, args) => {
  const i = getImm(args, 0, false)
  return i === undefined ? {} : { returns: [pgm.scratch[i]] }
}

const typeLoads: RefineFunc = (pgm) => {
  if (pgm.stack.length === 0) return {}
  const v = constInt(pgm.top())
  if (v !== undefined) return v < 256n ? { returns: [pgm.scratch[Number(v)]] } : {}
  const first = pgm.scratch[0]
  return pgm.scratch.every((t) => sameType(t, first)) ? { returns: [first] } : {}
}

const typeProto: RefineFunc = (pgm, args) => {
  const a = getImm(args, 0, false)
  const r = getImm(args, 1, false)
  if (a === undefined || r === undefined) return {}
  if (pgm.stack.length !== 0 || pgm.bottom.avm !== 'any') {
    return { error: 'proto must be unreachable from previous PC' }
  }
  pgm.stack = anyTypes(a)
  pgm.fp = a
  return {}
}

const typePopN: RefineFunc = (_pgm, args) => {
  const n = getImm(args, 0, false)
  return n === undefined ? {} : { args: anyTypes(n) }
}

const typeDupN: RefineFunc = (pgm, args) => {
  const n = getImm(args, 0, false)
  if (n === undefined || pgm.stack.length === 0) return {}
  return { returns: Array.from({ length: n + 1 }, () => pgm.top()) }
}

const typePushInt: RefineFunc = (_pgm, args) => ({
  returns: args.map((a) => {
    const r = parseUint(a.str, 10, 64)
    return r.ok ? newStackType('uint64', [r.value, r.value]) : UINT64
  }),
})

const typeByte: RefineFunc = (_pgm, args) => {
  if (args.length === 0) return { returns: [BYTES] }
  const r = parseBinaryArgs(args)
  const n = BigInt(r.ok ? r.value.length : 0)
  return { returns: [newStackType('bytes', [n, n], `[${n}]byte`)] }
}

/** Refinements by opcode (or pseudo-op) name. */
export const REFINERS: Readonly<Partial<Record<string, RefineFunc>>> = {
  '==': typeEquals,
  '!=': typeEquals,
  dup: typeDup,
  dup2: typeDupTwo,
  dig: typeDig,
  swap: typeSwap,
  select: typeSelect,
  setbit: typeSetBit,
  cover: typeCover,
  uncover: typeUncover,
  bury: typeBury,
  popn: typePopN,
  dupn: typeDupN,
  frame_dig: typeFrameDig,
  frame_bury: typeFrameBury,
  proto: typeProto,
  load: typeLoad,
  store: typeStore,
  loads: typeLoads,
  stores: typeStores,
  pushbytess: (_p, args) => ({ returns: args.map(() => BYTES) }),
  pushints: (_p, args) => ({ returns: args.map(() => UINT64) }),
  match: (_p, args) => ({ args: anyTypes(args.length + 1) }),
  'b+': typeByteMath(65n),
  'b*': typeByteMath(128n),
  bzero: () => ({ args: [newStackType('uint64', [0n, 4096n])], returns: [BYTES] }),
  itxn_field: typeTxField,
  int: typePushInt,
  byte: typeByte,
}
