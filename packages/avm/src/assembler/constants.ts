/**
 * Constant blocks, the way go-algorand builds them. `int`/`byte`/`addr`/`method` first emit
 * intc/bytec references in order of first appearance. From OPTIMIZE_CONSTANTS_VERSION the block is
 * then re-ordered by use count (stable, so ties keep first-appearance order) and constants used
 * once become pushint/pushbytes; older versions keep the first-appearance block as is.
 */
import { encodeUvarint } from '../encoding/varuint.js'
import { opTable } from '../spec/opcodes.js'
import type { OpStream, SourceError } from './state.js'

const uvarint = (v: bigint | number): number[] => [...encodeUvarint(BigInt(v))]

function opcodeOf(ops: OpStream, name: string): number {
  return opTable(ops.gateVersion).byName.get(name)!.opcode
}

/** intc_0..3 or `intc i`; errors as go-algorand words them. */
export function writeIntc(ops: OpStream, index: number): string | undefined {
  if (index < 4) ops.write(opcodeOf(ops, `intc_${index}`))
  else {
    if (index > 0xff) return 'cannot have more than 256 int constants'
    ops.write(opcodeOf(ops, 'intc'), index)
  }
  if (index >= ops.intc.length) return `intc ${index} is not defined`
  return undefined
}

export function writeBytec(ops: OpStream, index: number): string | undefined {
  if (index < 4) ops.write(opcodeOf(ops, `bytec_${index}`))
  else {
    if (index > 0xff) return 'cannot have more than 256 byte constants'
    ops.write(opcodeOf(ops, 'bytec'), index)
  }
  if (index >= ops.bytec.length) return `bytec ${index} is not defined`
  return undefined
}

export function intLiteral(ops: OpStream, value: bigint): string | undefined {
  ops.hasPseudoInt = true
  let index = ops.intc.indexOf(value)
  if (index === -1) {
    if (ops.cntIntcBlock > 0) return `value ${value} does not appear in existing intcblock`
    index = ops.intc.length
    ops.intc.push(value)
  }
  ops.intcRefs.push({ value, position: ops.pending.length })
  return writeIntc(ops, index)
}

const hex = (s: string): string => Buffer.from(s, 'latin1').toString('hex')

export function byteLiteral(ops: OpStream, value: string): string | undefined {
  ops.hasPseudoByte = true
  let index = ops.bytec.indexOf(value)
  if (index === -1) {
    if (ops.cntBytecBlock > 0) return `value 0x${hex(value)} does not appear in existing bytecblock`
    index = ops.bytec.length
    ops.bytec.push(value)
  }
  ops.bytecRefs.push({ value, position: ops.pending.length })
  return writeBytec(ops, index)
}

interface Edit {
  position: number
  oldLength: number
  bytes: number[]
}

/** Rewrites `pending` and shifts every recorded position past each edit (go's applyEdits). */
function applyEdits(ops: OpStream, edits: readonly Edit[]): void {
  const raw = ops.pending
  const cum = new Array<number>(raw.length + 1).fill(0)
  const out: number[] = []
  let running = 0
  let prev = 0
  for (const e of edits) {
    for (let p = prev; p < e.position + e.oldLength; p++) cum[p] = running
    out.push(...raw.slice(prev, e.position), ...e.bytes)
    running += e.bytes.length - e.oldLength
    prev = e.position + e.oldLength
  }
  for (let p = prev; p <= raw.length; p++) cum[p] = running
  out.push(...raw.slice(prev))
  const shift = (p: number): number => p + (cum[p] ?? running)
  for (const r of ops.intcRefs) r.position = shift(r.position)
  for (const r of ops.bytecRefs) r.position = shift(r.position)
  for (const [k, v] of ops.labels) ops.labels.set(k, shift(v))
  for (const r of ops.labelReferences) {
    r.position = shift(r.position)
    r.offsetPosition = shift(r.offsetPosition)
  }
  const moved = new Map<number, { line: number; column: number }>()
  for (const [pc, loc] of ops.offsetToSource) moved.set(shift(pc), loc)
  ops.offsetToSource = moved
  ops.pending = out
}

/** Re-orders one constant block by frequency and rewrites its references. */
function optimize<T>(
  ops: OpStream,
  refs: readonly { value: T; position: number }[],
  block: readonly T[],
  kind: 'int' | 'byte',
): { block: T[]; error?: SourceError } {
  const freqs = block.map((value) => ({ value, freq: 0 }))
  for (const ref of refs) {
    const f = freqs.find((x) => x.value === ref.value)
    if (!f) {
      const loc = ops.offsetToSource.get(ref.position) ?? { line: 0, column: 0 }
      return {
        block: [...block],
        error: { ...loc, message: `value not found in constant block: ${String(ref.value)}` },
      }
    }
    f.freq++
  }
  for (const f of freqs) {
    if (f.freq === 0) {
      const message = `member of constant block is not used: ${String(f.value)}`
      return { block: [...block], error: { line: ops.sourceLine, column: 0, message } }
    }
  }
  // Array.prototype.sort is stable: equal counts keep first-appearance order, as in Go.
  freqs.sort((a, b) => b.freq - a.freq)
  const prefix = kind === 'int' ? 'intc' : 'bytec'
  const edits: Edit[] = refs.map((ref) => {
    const index = freqs.findIndex((f) => f.value === ref.value)
    const singleton = freqs[index].freq === 1
    const op = ops.pending[ref.position]
    const oldLength = op === opcodeOf(ops, prefix) ? 2 : 1
    let bytes: number[]
    if (singleton) {
      bytes =
        kind === 'int'
          ? [opcodeOf(ops, 'pushint'), ...uvarint(ref.value as bigint)]
          : [opcodeOf(ops, 'pushbytes'), ...byteBlockEntry(ref.value as string)]
    } else if (index < 4) {
      bytes = [opcodeOf(ops, `${prefix}_${index}`)]
    } else {
      bytes = [opcodeOf(ops, prefix), index & 0xff]
    }
    return { position: ref.position, oldLength, bytes }
  })
  edits.sort((a, b) => a.position - b.position)
  applyEdits(ops, edits)
  return { block: freqs.filter((f) => f.freq > 1).map((f) => f.value) }
}

const byteBlockEntry = (v: string): number[] => [...uvarint(v.length), ...Buffer.from(v, 'latin1')]

/** Only constants introduced by pseudo-ops are optimized; a written block is left alone. */
export function optimizeConstants(ops: OpStream): void {
  if (ops.cntIntcBlock === 0) {
    const refs = ops.intcRefs
    ops.intcRefs = []
    const r = optimize(ops, refs, ops.intc, 'int')
    if (r.error) ops.record(r.error)
    else ops.intc = r.block
  }
  if (ops.cntBytecBlock === 0) {
    const refs = ops.bytecRefs
    ops.bytecRefs = []
    const r = optimize(ops, refs, ops.bytec, 'byte')
    if (r.error) ops.record(r.error)
    else ops.bytec = r.block
  }
}

/** Version byte, then the implicit intcblock/bytecblock (if any), then the program. */
export function prependCBlocks(ops: OpStream, intc: readonly bigint[] = ops.intc) {
  // With only directives the version never settles; go then writes its max-uint64 marker.
  const pre: number[] = uvarint(ops.version === -1 ? (1n << 64n) - 1n : ops.version)
  if (intc.length > 0 && ops.cntIntcBlock === 0) {
    pre.push(opcodeOf(ops, 'intcblock'), ...uvarint(intc.length))
    for (const v of intc) pre.push(...uvarint(v))
  }
  if (ops.bytec.length > 0 && ops.cntBytecBlock === 0) {
    pre.push(opcodeOf(ops, 'bytecblock'), ...uvarint(ops.bytec.length))
    for (const v of ops.bytec) pre.push(...byteBlockEntry(v))
  }
  return { program: Uint8Array.from([...pre, ...ops.pending]), prefixLength: pre.length }
}
