/**
 * What the assembler knows about the stack while it assembles (go-algorand's ProgramKnowledge and
 * StackType helpers). Type names and bounds follow go-algorand exactly, because they appear in
 * error messages such as `+ arg 1 wanted type uint64 got []byte`.
 */
import { ANY, BYTES, NONE, UINT64, type AvmType, type StackType } from '../spec/types.js'

const MAX_UINT64 = (1n << 64n) - 1n
const MAX_STRING = 4096n

/** go-algorand's NewStackType: the derived name depends on the bounds. */
export function newStackType(avm: AvmType, bound: readonly [bigint, bigint], name?: string) {
  let derived: string = avm === 'bytes' ? '[]byte' : avm
  const [lo, hi] = bound
  if (lo === hi) {
    if (avm === 'bytes') derived = `[${lo}]byte`
    if (avm === 'uint64') derived = `${lo}`
  } else if (lo === 0n && hi !== 0n) {
    if (avm === 'bytes' && hi !== MAX_STRING) derived = `[<=${hi}]byte`
    if (avm === 'uint64' && hi !== MAX_UINT64) derived += ` (<= ${hi})`
  } else if (lo !== 0n && hi !== 0n) {
    if (avm === 'bytes') derived = `[${lo}-${hi}]byte`
    if (avm === 'uint64') derived += ` (${lo}-${hi})`
  }
  return { name: name ?? derived, avm, bound: [lo, hi] } as StackType
}

const ZERO_UINT64 = newStackType('uint64', [0n, 0n], '0')

/** Go compares StackType structs: name, kind and bounds. */
export const sameType = (a: StackType, b: StackType): boolean =>
  a.name === b.name && a.avm === b.avm && a.bound[0] === b.bound[0] && a.bound[1] === b.bound[1]

export function union(a: StackType, b: StackType): StackType {
  if (a.avm !== b.avm) return ANY
  const lo = a.bound[0] < b.bound[0] ? a.bound[0] : b.bound[0]
  const hi = a.bound[1] > b.bound[1] ? a.bound[1] : b.bound[1]
  return newStackType(a.avm, [lo, hi])
}

export function widened(t: StackType): StackType {
  if (t.avm === 'bytes') return BYTES
  if (t.avm === 'uint64') return UINT64
  return ANY
}

export function constInt(t: StackType): bigint | undefined {
  return t.avm === 'uint64' && t.bound[0] === t.bound[1] ? t.bound[0] : undefined
}

export const anyTypes = (n: number): StackType[] => Array.from({ length: n }, () => ANY)

export class ProgramKnowledge {
  stack: StackType[] = []
  /** Handed out when `stack` is empty: NONE at program start, ANY after a label. */
  bottom: StackType = NONE
  deadcode = false
  /** Frame pointer after `proto`, or -1. */
  fp = -1
  scratch: StackType[] = Array.from({ length: 256 }, () => ZERO_UINT64)

  top(): StackType {
    return this.stack.length === 0 ? this.bottom : this.stack[this.stack.length - 1]
  }

  pop(): StackType {
    return this.stack.pop() ?? this.bottom
  }

  push(...types: StackType[]): void {
    this.stack.push(...types)
  }

  deaden(): void {
    this.stack = []
    this.deadcode = true
  }

  /** Control may arrive here from elsewhere: only dead code knowledge is discarded. */
  label(): void {
    if (this.deadcode) this.reset()
  }

  reset(): void {
    this.stack = []
    this.bottom = ANY
    this.fp = -1
    this.deadcode = false
    this.scratch = Array.from({ length: 256 }, () => ANY)
  }
}
