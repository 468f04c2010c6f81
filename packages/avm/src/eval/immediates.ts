/**
 * Static decoding of an instruction's immediates: its size, and for branches their targets. Used
 * by the pre-evaluation check and by variable-length ops at run time.
 */
import { decodeUvarint } from '../encoding/varuint.js'
import type { OpSpec } from '../spec/opcodes.js'

export interface Decoded {
  readonly size: number
  /** Absolute branch targets of label immediates (may lie outside the program: caller checks). */
  readonly targets: readonly number[]
}

/** Decodes the instruction at `pc`, or returns an error message (go-algorand's wording). */
export function decodeInstruction(program: Uint8Array, pc: number, spec: OpSpec): Decoded | string {
  let at = pc + 1
  const targets: number[] = []
  const uvarint = (): bigint | string => {
    const d = decodeUvarint(program, at)
    if (!d) return `could not decode ${spec.name} immediate at pc=${at}`
    at += d.length
    return d.value
  }
  for (const imm of spec.imms) {
    switch (imm.kind) {
      case 'uint8':
      case 'int8':
        at += 1
        break
      case 'label': {
        if (at + 2 > program.length) return 'program ends without immediate value(s)'
        const offset = ((program[at] << 24) >> 16) | program[at + 1]
        at += 2
        targets.push(at + offset)
        break
      }
      case 'labels': {
        if (at >= program.length) return `bare ${spec.name} opcode at end of program`
        const n = program[at]
        at += 1
        const end = at + 2 * n
        if (end > program.length) return `${spec.name} opcode claims to extend beyond program`
        for (let i = 0; i < n; i++) {
          const offset = ((program[at + 2 * i] << 24) >> 16) | program[at + 2 * i + 1]
          targets.push(end + offset)
        }
        at = end
        break
      }
      case 'varuint': {
        const v = uvarint()
        if (typeof v === 'string') return v
        break
      }
      case 'bytes': {
        const n = uvarint()
        if (typeof n === 'string') return n
        if (BigInt(at) + n > BigInt(program.length)) return `${spec.name} too long`
        at += Number(n)
        break
      }
      case 'varuints': {
        const n = uvarint()
        if (typeof n === 'string') return n
        if (n > BigInt(program.length)) return `${spec.name} count too large`
        for (let i = 0n; i < n; i++) {
          const v = uvarint()
          if (typeof v === 'string') return v
        }
        break
      }
      case 'bytess': {
        const n = uvarint()
        if (typeof n === 'string') return n
        if (n > BigInt(program.length)) return `${spec.name} count too large`
        for (let i = 0n; i < n; i++) {
          const len = uvarint()
          if (typeof len === 'string') return len
          if (BigInt(at) + len > BigInt(program.length)) return `${spec.name} too long`
          at += Number(len)
        }
        break
      }
    }
  }
  if (at > program.length) return 'program ends without immediate value(s)'
  return { size: at - pc, targets }
}
